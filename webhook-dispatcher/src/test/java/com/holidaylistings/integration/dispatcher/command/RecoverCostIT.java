package com.holidaylistings.integration.dispatcher.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * How long the dispatcher takes to hand the 10,000 deliveries of one recover to their owner's lane
 * (for docs/operations/runbook.md 4.5): their rows marked in one statement (as the recover's commands leave
 * them, one transaction each), the row poller queues them, at most WEBHOOK_MAX_IN_FLIGHT_PER_OWNER of
 * one owner's per poll. A measurement, not a regular
 * test: run it with {@code -Drecover.cost=true -Dit.test=RecoverCostIT}. The hook is paused so that the
 * 10,000 attempts that follow are skipped at once instead of competing with the poll for the machine.
 */
@EnabledIfSystemProperty(named = "recover.cost", matches = "true")
class RecoverCostIT extends DispatcherIntegrationTest {

    private static final int EVENTS = 10_000;

    @Test
    void queuesTenThousandRequestedDeliveries() {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(owner, receiver.url("/cost", WebhookReceiver.Answer.ok()), null);
        data.setPaused(subscription, true);
        // Delivered within the last days (as a recover's 14 days are), each event's payload stored once.
        int delivered = jdbc.sql("""
                        with events as (
                            insert into webhook_events (event_id, submitted_at, enquiry_id, payload)
                            select gen_random_uuid(), now() - make_interval(secs => n * 17), gen_random_uuid(),
                                   json_build_object('event', 'enquiry.created', 'message', repeat('x', 600))
                              from generate_series(1, :events) n
                            returning event_id, submitted_at, enquiry_id)
                        insert into deliveries (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id,
                                                status, attempts, stage)
                        select webhook_id(e.event_id, :subscription), e.submitted_at, e.event_id, :subscription, :owner,
                               e.enquiry_id, 'succeeded', 1, 1
                          from events e
                        """)
                .param("subscription", subscription)
                .param("owner", owner.id())
                .param("events", EVENTS)
                .update();
        assertThat(delivered).isEqualTo(EVENTS);

        long start = System.nanoTime();
        int requested = jdbc.sql("""
                        update deliveries set status = 'waiting', next_attempt_at = now(), stage = 1, requested_at = now(),
                                              request_id = 'recover-cost', updated_at = now()
                         where subscription_id = :subscription and status not in ('pending', 'waiting')
                        """).param("subscription", subscription).update();
        assertThat(requested).isEqualTo(EVENTS);

        await().atMost(Duration.ofMinutes(10))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> waiting(subscription) == 0);
        Duration queued = Duration.ofNanos(System.nanoTime() - start);
        System.out.printf(
                "RECOVER-COST dispatcher: %d deliveries handed to the lane after %d ms%n", EVENTS, queued.toMillis());
    }

    private int waiting(UUID subscription) {
        return jdbc.sql("select count(*) from deliveries where subscription_id = :subscription and status = 'waiting'")
                .param("subscription", subscription)
                .query(Integer.class)
                .single();
    }
}
