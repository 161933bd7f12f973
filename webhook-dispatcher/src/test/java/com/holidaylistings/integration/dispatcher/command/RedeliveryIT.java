package com.holidaylistings.integration.dispatcher.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.dispatcher.records.DeliveryRecords;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.events.delivery.WebhookIds;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Deliveries asked for again through the internal API (redeliver and recover): the dispatcher marks
 * the delivery's row when it applies the command (here the test does, with the same effect; or
 * inserts it, for an event the subscription never had), and its row poller puts it back on
 * webhook.deliveries: the same webhook-id, the full retry schedule from its first stage, attempts
 * counting on on the row.
 * A delivery in progress asked for again starts no second chain.
 */
class RedeliveryIT extends DispatcherIntegrationTest {

    private static final Duration DONE = Duration.ofSeconds(60);
    // The start of the row poller's statement: pg_stat_activity keeps only its first kilobyte.
    private static final String POLLER_UPDATE = "%with recursive owners(owner_id) as%";

    @Autowired
    private DataSource dataSource;

    @Autowired
    private KafkaTemplate<String, String> kafka;

    @Autowired
    private DeliveryRecords records;

    @Test
    void redeliversAnAbandonedEventWithTheSameWebhookIdNumberingItsAttemptsOn() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        // Down for the first delivery's four attempts; back after that, but its first answer is one more error.
        WebhookReceiver.Answer down = WebhookReceiver.Answer.status(500);
        UUID subscription = data.subscribe(
                owner,
                receiver.url(
                        "/down",
                        down,
                        down,
                        down,
                        down,
                        WebhookReceiver.Answer.status(503),
                        WebhookReceiver.Answer.ok()),
                null);
        Events.Published event = events.enquiryOn(property);
        await().atMost(DONE)
                .until(() -> data.attempts(subscription, event.enquiryId()).size() == 4);
        await().atMost(DONE).until(() -> "abandoned".equals(data.deliveryStatus(subscription, event.enquiryId())));
        String webhookId = receiver.requests("/down").get(0).header("webhook-id");

        data.askAgain(subscription, event.enquiryId(), "portal-request-1");

        await().atMost(DONE).until(() -> receiver.requests("/down").size() == 6);
        // Five failures in a row open the target's circuit (test setting): a retry may fail on it before the success.
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(subscription, event.enquiryId())));
        List<TestData.Attempt> attempts = data.attempts(subscription, event.enquiryId());
        assertThat(attempts)
                .extracting(TestData.Attempt::attempt)
                .containsExactlyElementsOf(
                        IntStream.rangeClosed(1, attempts.size()).boxed().toList());
        assertThat(attempts.subList(0, 5))
                .extracting(TestData.Attempt::outcome, TestData.Attempt::httpStatus)
                .containsExactly(
                        tuple("failed", 500),
                        tuple("failed", 500),
                        tuple("failed", 500),
                        tuple("abandoned", 500),
                        tuple("failed", 503));
        assertThat(attempts.subList(5, attempts.size() - 1))
                .allSatisfy(attempt -> assertThat(attempt.error()).startsWith("circuit open"));
        assertThat(attempts.getLast().outcome()).isEqualTo("succeeded");
        assertThat(attempts).extracting(TestData.Attempt::webhookId).containsOnly(webhookId);
        assertThat(receiver.requests("/down")).hasSize(6).allSatisfy(request -> {
            assertThat(request.header("webhook-id")).isEqualTo(webhookId);
            assertThat(request.body()).isEqualTo(event.payload());
        });
        // One row, its attempts counting on, the portal's request behind its new chain.
        TestData.Delivery delivery =
                data.delivery(subscription, event.enquiryId()).orElseThrow();
        assertThat(delivery.webhookId()).isEqualTo(webhookId);
        assertThat(delivery.attempts()).isEqualTo(attempts.size());
        assertThat(delivery.requestId()).isEqualTo("portal-request-1");
        assertThat(delivery.requestedAt()).isNotNull();
        await().during(Duration.ofSeconds(4))
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.requests("/down")).hasSize(6));
    }

    @Test
    void keepsEveryDeliveryOnItsRowAndTheEventsPayloadOnceForAskingAgain() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID flaky = data.subscribe(
                owner, receiver.url("/flaky", WebhookReceiver.Answer.status(500), WebhookReceiver.Answer.ok()), null);
        UUID healthy = data.subscribe(owner, receiver.url("/healthy", WebhookReceiver.Answer.ok()), null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DONE).until(() -> data.attempts(flaky, event.enquiryId()).size() == 2);
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(flaky, event.enquiryId())));
        TestData.Delivery retried = data.delivery(flaky, event.enquiryId()).orElseThrow();
        assertThat(retried.webhookId())
                .isEqualTo(receiver.requests("/flaky").get(0).header("webhook-id"))
                .isEqualTo(WebhookIds.of(UUID.fromString(event.eventId()), SubscriptionId.of(flaky)));
        assertThat(retried.eventId()).isEqualTo(UUID.fromString(event.eventId()));
        assertThat(retried.attempts()).isEqualTo(2);
        assertThat(retried.stage()).isEqualTo(2);
        assertThat(retried.requestedAt()).as("nobody asked for it again").isNull();
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(healthy, event.enquiryId())));
        assertThat(data.delivery(healthy, event.enquiryId()))
                .get()
                .extracting(TestData.Delivery::attempts, TestData.Delivery::eventId)
                .containsExactly(1, retried.eventId());
        assertThat(data.attempts(healthy, event.enquiryId()))
                .extracting(TestData.Attempt::outcome)
                .containsExactly("succeeded");
        assertThat(data.storedPayloads(retried.eventId()))
                .as("one payload for both deliveries")
                .containsExactly(event.payload());
    }

    @Test
    void startsOneChainHoweverOftenADeliveryInProgressIsAskedFor() {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(
                owner, receiver.url("/asked", WebhookReceiver.Answer.status(500), WebhookReceiver.Answer.ok()), null);
        UUID enquiry = UUID.randomUUID();
        String webhookId = abandonedEarlier(owner, subscription, enquiry);

        data.askAgain(subscription, enquiry, "portal-ask-1");
        data.askAgain(subscription, enquiry, "portal-ask-2"); // while it waits on its row, or is already pending

        await().atMost(DONE).until(() -> data.attempts(subscription, enquiry).size() == 2);
        TestData.Delivery failedOnce = data.delivery(subscription, enquiry).orElseThrow();
        assertThat(failedOnce.status()).isEqualTo("pending");
        assertThat(failedOnce.requestId()).as("the latest request noted").isEqualTo("portal-ask-2");

        data.askAgain(subscription, enquiry, "portal-ask-3"); // while its first retry is pending

        TestData.Delivery askedWhilePending =
                data.delivery(subscription, enquiry).orElseThrow();
        assertThat(askedWhilePending.requestedAt()).isAfter(failedOnce.requestedAt());
        assertThat(askedWhilePending.requestId()).isEqualTo("portal-ask-3");
        assertThat(askedWhilePending.stage())
                .as("the chain goes on at its stage")
                .isEqualTo(failedOnce.stage());
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(subscription, enquiry)));
        await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(receiver.requests("/asked"))
                    .hasSize(2)
                    .allSatisfy(
                            request -> assertThat(request.header("webhook-id")).isEqualTo(webhookId));
            assertThat(data.attempts(subscription, enquiry))
                    .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome)
                    .containsExactly(tuple(1, "abandoned"), tuple(2, "failed"), tuple(3, "succeeded"));
        });
        assertThat(data.delivery(subscription, enquiry))
                .get()
                .extracting(TestData.Delivery::attempts, TestData.Delivery::stage)
                .containsExactly(3, 2);
    }

    @Test
    void redeliversADeliveredEventOnRequestButNotACopyOfItsFanOut() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/lost-it", WebhookReceiver.Answer.ok()), null);
        Events.Published event = events.enquiryOn(property);
        await().atMost(DONE)
                .until(() -> data.attempts(subscription, event.enquiryId()).size() == 1);
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(subscription, event.enquiryId())));
        String webhookId = receiver.requests("/lost-it").get(0).header("webhook-id");

        data.askAgain(subscription, event.enquiryId(), "portal-request-3");

        await().atMost(DONE).until(() -> receiver.requests("/lost-it").size() == 2);
        assertThat(receiver.requests("/lost-it")).allSatisfy(request -> {
            assertThat(request.header("webhook-id")).isEqualTo(webhookId);
            assertThat(request.body()).isEqualTo(event.payload());
        });
        await().atMost(DONE)
                .untilAsserted(() -> assertThat(data.attempts(subscription, event.enquiryId()))
                        .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome)
                        .containsExactly(tuple(1, "succeeded"), tuple(2, "succeeded")));
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(subscription, event.enquiryId())));

        // The relay publishing the event again (a fan-out copy) is still refused: it was delivered.
        events.publishAgain(event);
        await().during(Duration.ofSeconds(4))
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.requests("/lost-it")).hasSize(2));
        assertThat(data.attempts(subscription, event.enquiryId())).hasSize(2);
        assertThat(data.delivery(subscription, event.enquiryId()))
                .get()
                .extracting(TestData.Delivery::status, TestData.Delivery::attempts)
                .containsExactly("succeeded", 2);
    }

    @Test
    void deliversTheEventsOfARecoverThatThePausedHookNeverReceived() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/was-paused", WebhookReceiver.Answer.ok()), null);
        data.setPaused(subscription, true);
        List<EnquiryCreated> missed =
                List.of(Events.anEnquiryOn(property), Events.anEnquiryOn(property), Events.anEnquiryOn(property));
        List<Events.Published> published = missed.stream().map(events::publish).toList();
        data.subscribe(owner, receiver.url("/witness", WebhookReceiver.Answer.ok()), null);
        Events.Published afterwards = events.enquiryOn(property);
        await().atMost(DONE).until(() -> receiver.bodies("/witness").contains(afterwards.payload()));
        assertThat(receiver.requests("/was-paused")).isEmpty();
        assertThat(published)
                .allSatisfy(event -> assertThat(data.delivery(subscription, event.enquiryId()))
                        .isEmpty());

        data.setPaused(subscription, false);
        for (int i = 0; i < missed.size(); i++) {
            Events.Published event = published.get(i);
            data.askFor(
                    owner,
                    subscription,
                    UUID.fromString(event.eventId()),
                    event.enquiryId(),
                    missed.get(i).sentAt(),
                    event.payload(),
                    "recover-request");
        }

        await().atMost(DONE).until(() -> receiver.requests("/was-paused").size() == 3);
        assertThat(receiver.bodies("/was-paused"))
                .containsExactlyInAnyOrderElementsOf(
                        published.stream().map(Events.Published::payload).toList());
        assertThat(receiver.requests("/was-paused"))
                .extracting(request -> request.header("webhook-id"))
                .containsExactlyInAnyOrderElementsOf(published.stream()
                        .map(event -> WebhookIds.of(UUID.fromString(event.eventId()), SubscriptionId.of(subscription)))
                        .toList());
        for (Events.Published event : published) {
            await().atMost(DONE)
                    .untilAsserted(() -> assertThat(data.attempts(subscription, event.enquiryId()))
                            .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome)
                            .containsExactly(tuple(1, "succeeded")));
            await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(subscription, event.enquiryId())));
        }
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(
                        () -> assertThat(receiver.requests("/was-paused")).hasSize(3));
    }

    @Test
    void takesADeliveryAnotherReplicaWasQueuingOnceThatReplicaFailed() throws Exception {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(owner, receiver.url("/back", WebhookReceiver.Answer.ok()), null);
        UUID enquiry = UUID.randomUUID();
        String webhookId = abandonedEarlier(owner, subscription, enquiry);
        askedDueSoon(subscription, enquiry);

        try (Connection otherReplica = dataSource.getConnection()) {
            otherReplica.setAutoCommit(false);
            // Another replica's poll holds the row (it is sending its record) when this one's poll comes to it.
            lock(otherReplica, webhookId);
            await("this replica's poll waiting for the row").atMost(DONE).until(this::pollerWaitsForALock);
            await().during(Duration.ofSeconds(2))
                    .atMost(Duration.ofSeconds(5))
                    .untilAsserted(() -> assertThat(receiver.requests("/back")).isEmpty());
            otherReplica.rollback(); // that replica failed: the row still waits
        }

        await().atMost(DONE).until(() -> receiver.requests("/back").size() == 1);
        assertThat(receiver.requests("/back").get(0).header("webhook-id")).isEqualTo(webhookId);
        await().atMost(DONE)
                .untilAsserted(() -> assertThat(data.attempts(subscription, enquiry))
                        .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome)
                        .containsExactly(tuple(1, "abandoned"), tuple(2, "succeeded")));
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.requests("/back")).hasSize(1));
    }

    @Test
    void leavesADeliveryAnotherReplicaQueuedToThatReplica() throws Exception {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(owner, receiver.url("/other", WebhookReceiver.Answer.ok()), null);
        UUID enquiry = UUID.randomUUID();
        String webhookId = abandonedEarlier(owner, subscription, enquiry);
        askedDueSoon(subscription, enquiry);

        try (Connection otherReplica = dataSource.getConnection()) {
            otherReplica.setAutoCommit(false);
            // Another replica's poll takes the row as the dispatcher's does (its clock a little ahead), and this
            // one's poll comes to the row, due, before that replica's statement commits.
            DeliveryTask task;
            try (PreparedStatement take = otherReplica.prepareStatement("""
                    update deliveries set status = 'pending', version = version + 1, next_attempt_at = now(), updated_at = now()
                     where webhook_id = ? and status = 'waiting'
                    returning submitted_at, attempts, stage, version
                    """)) {
                take.setString(1, webhookId);
                try (ResultSet taken = take.executeQuery()) {
                    assertThat(taken.next()).isTrue();
                    assertThat(taken.getInt("stage")).isOne();
                    task = new DeliveryTask(
                            webhookId,
                            taken.getTimestamp("submitted_at").toInstant(),
                            SubscriptionId.of(subscription),
                            OwnerId.of(owner.id()),
                            taken.getInt("version"));
                }
            }
            await("this replica's poll waiting for the row").atMost(DONE).until(this::pollerWaitsForALock);
            otherReplica.commit();
            kafka.send(records.dueNow(task, 1)).get(30, TimeUnit.SECONDS);
        }

        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(subscription, enquiry)));
        await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(receiver.requests("/other")).hasSize(1);
            assertThat(data.attempts(subscription, enquiry))
                    .extracting(TestData.Attempt::attempt)
                    .containsExactly(1, 2);
        });
    }

    /** A delivery abandoned a day ago after one attempt (as with a schedule of one), as the dispatcher left it. */
    private String abandonedEarlier(TestData.Owner owner, UUID subscription, UUID enquiry) {
        UUID eventId = UUID.randomUUID();
        Instant submitted = Instant.now().minus(Duration.ofDays(1)).truncatedTo(java.time.temporal.ChronoUnit.MICROS);
        String webhookId = data.insertDelivery(
                owner,
                subscription,
                eventId,
                enquiry,
                submitted,
                "{\"event\":\"enquiry.created\",\"enquiry_id\":\"" + enquiry + "\"}",
                "abandoned",
                1,
                1,
                null,
                null);
        jdbc.sql("""
                        insert into delivery_attempts (webhook_id, subscription_id, enquiry_id, attempt, outcome, http_status, attempted_at)
                        values (:webhook, :subscription, :enquiry, 1, 'abandoned', 502, :at)
                        """)
                .param("webhook", webhookId)
                .param("subscription", subscription)
                .param("enquiry", enquiry)
                .param("at", submitted.plusSeconds(60).atOffset(ZoneOffset.UTC))
                .update();
        return webhookId;
    }

    /** Asked for again as a command marks it, but due two seconds from now: time for the test to hold the row first. */
    private void askedDueSoon(UUID subscription, UUID enquiry) {
        jdbc.sql("""
                        update deliveries set status = 'waiting', next_attempt_at = now() + interval '2 seconds', stage = 1,
                               requested_at = now(), request_id = 'portal-request-2', updated_at = now()
                         where subscription_id = :subscription and enquiry_id = :enquiry
                        """)
                .param("subscription", subscription)
                .param("enquiry", enquiry)
                .update();
    }

    private static void lock(Connection connection, String webhookId) throws Exception {
        try (PreparedStatement lock =
                connection.prepareStatement("select 1 from deliveries where webhook_id = ? for update")) {
            lock.setString(1, webhookId);
            lock.executeQuery().close();
        }
    }

    /** The dispatcher's row poll is waiting for a row lock that another transaction holds. */
    private boolean pollerWaitsForALock() {
        return jdbc.sql("""
                        select count(*) > 0 from pg_stat_activity
                         where wait_event_type = 'Lock' and query like :update
                        """).param("update", POLLER_UPDATE).query(Boolean.class).single();
    }
}
