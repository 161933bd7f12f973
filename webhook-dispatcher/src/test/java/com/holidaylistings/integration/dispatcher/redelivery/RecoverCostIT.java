package com.holidaylistings.integration.dispatcher.redelivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.testsupport.WebhookReceiver;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * How long the dispatcher takes to put the 10,000 requests of one recover on webhook.deliveries
 * (for docs/OPERATIONS.md 4.5). A measurement, not a regular test: run it with
 * {@code -Drecover.cost=true -Dit.test=RecoverCostIT}. The hook is paused so that the 10,000 attempts
 * that follow are skipped at once instead of competing with the poll for the machine.
 */
@EnabledIfSystemProperty(named = "recover.cost", matches = "true")
class RecoverCostIT extends DispatcherIntegrationTest {

    private static final int EVENTS = 10_000;

    @Test
    void queuesTenThousandRequestedDeliveries() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/cost", WebhookReceiver.Answer.ok()), null);
        data.setPaused(subscription, true);
        jdbc.sql("""
                        insert into enquiries (id, property_id, owner_id, subject, message, status, user_name, user_email,
                                               group_size, check_in, check_out, sent_at, updated_at)
                        select gen_random_uuid(), :property, :owner, 'Summer week', 'Is it free in August?', 'sent',
                               'Ada Guest', 'ada@example.org', 4, date '2027-08-01', date '2027-08-08',
                               now() - make_interval(secs => n), now()
                          from generate_series(1, :events) n
                        """)
                .param("property", property).param("owner", owner.id()).param("events", EVENTS).update();
        jdbc.sql("""
                        insert into outbox (id, aggregate_type, aggregate_id, event_type, payload, request_id, created_at)
                        select gen_random_uuid(), 'enquiry', e.id, 'enquiry.created',
                               json_build_object('event', 'enquiry.created', 'enquiry_id', e.id,
                                                 'message', repeat('x', 600)), 'intake', e.sent_at
                          from enquiries e where e.owner_id = :owner
                        """)
                .param("owner", owner.id()).update();

        long start = System.nanoTime();
        int requested = jdbc.sql("""
                        insert into delivery_requests (subscription_id, enquiry_id, event_id, request_id)
                        select :subscription, o.aggregate_id, o.id, 'recover-cost'
                          from outbox o join enquiries e on e.id = o.aggregate_id where e.owner_id = :owner
                        """)
                .param("subscription", subscription).param("owner", owner.id()).update();
        assertThat(requested).isEqualTo(EVENTS);

        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(100))
                .until(() -> data.pendingRequests(subscription) == 0);
        Duration queued = Duration.ofNanos(System.nanoTime() - start);
        System.out.printf("RECOVER-COST dispatcher: %d requests on webhook.deliveries after %d ms%n", EVENTS,
                queued.toMillis());
    }
}
