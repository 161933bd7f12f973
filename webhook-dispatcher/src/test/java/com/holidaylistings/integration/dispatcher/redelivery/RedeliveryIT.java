package com.holidaylistings.integration.dispatcher.redelivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.dispatcher.delivery.DeliveryRequest;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.testsupport.WebhookReceiver;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/**
 * Deliveries asked for through the internal API (redeliver and recover): api-service inserts a
 * delivery request (here the test does, the same way), the dispatcher queues it and delivers the
 * event with the same webhook-id and the full retry schedule, numbering its attempts on.
 */
class RedeliveryIT extends DispatcherIntegrationTest {

    private static final Duration DONE = Duration.ofSeconds(60);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    private RedeliveryPoller poller;

    @Autowired
    private DataSource dataSource;

    @Test
    void redeliversAnAbandonedEventWithTheSameWebhookIdNumberingItsAttemptsOn() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        // Down for the first delivery's four attempts; back after that, but its first answer is one more error.
        WebhookReceiver.Answer down = WebhookReceiver.Answer.status(500);
        UUID subscription = data.subscribe(owner, receiver.url("/down", down, down, down, down,
                WebhookReceiver.Answer.status(503), WebhookReceiver.Answer.ok()), null);
        Events.Published event = submitted(owner, property);
        await().atMost(DONE).until(() -> data.attempts(subscription, event.enquiryId()).size() == 4);
        String webhookId = receiver.requests("/down").get(0).header("webhook-id");

        data.requestRedelivery(subscription, event.enquiryId(), "portal-request-1");

        await().atMost(DONE).until(() -> receiver.requests("/down").size() == 6);
        // Five failures in a row open the target's circuit (test setting): a retry may fail on it before the success.
        await().atMost(DONE).until(() -> data.attempts(subscription, event.enquiryId()).stream()
                .anyMatch(attempt -> attempt.outcome().equals("succeeded")));
        List<TestData.Attempt> attempts = data.attempts(subscription, event.enquiryId());
        assertThat(attempts).extracting(TestData.Attempt::attempt)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, attempts.size()).boxed().toList());
        assertThat(attempts.subList(0, 5))
                .extracting(TestData.Attempt::outcome, TestData.Attempt::httpStatus)
                .containsExactly(tuple("failed", 500), tuple("failed", 500), tuple("failed", 500),
                        tuple("abandoned", 500), tuple("failed", 503));
        assertThat(attempts.subList(5, attempts.size() - 1)).allSatisfy(attempt ->
                assertThat(attempt.error()).startsWith("circuit open"));
        assertThat(attempts.getLast().outcome()).isEqualTo("succeeded");
        assertThat(receiver.requests("/down")).hasSize(6).allSatisfy(request -> {
            assertThat(request.header("webhook-id")).isEqualTo(webhookId);
            assertThat(request.body()).isEqualTo(event.payload());
        });
        // The failed 5th attempt kept the redelivered record: the portal's request id, its numbering.
        TestData.FailedDelivery kept = data.failedDelivery(subscription, event.enquiryId()).orElseThrow();
        DeliveryRequest redelivered = JSON.readValue(kept.delivery(), DeliveryRequest.class);
        assertThat(redelivered.requestId()).isEqualTo("portal-request-1");
        assertThat(redelivered.firstAttempt()).isEqualTo(5);
        assertThat(redelivered.webhookId()).isEqualTo(webhookId);
        assertThat(redelivered.eventId()).isEqualTo(event.eventId());
        assertThat(data.pendingRequests(subscription)).isZero();
        await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.requests("/down")).hasSize(6));
    }

    @Test
    void keepsTheLastFailedDeliveryOfAnEventAndNothingOfDeliveredOnes() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID flaky = data.subscribe(owner, receiver.url("/flaky", WebhookReceiver.Answer.status(500), WebhookReceiver.Answer.ok()), null);
        UUID healthy = data.subscribe(owner, receiver.url("/healthy", WebhookReceiver.Answer.ok()), null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DONE).until(() -> data.attempts(flaky, event.enquiryId()).size() == 2);
        TestData.FailedDelivery kept = data.failedDelivery(flaky, event.enquiryId()).orElseThrow();
        DeliveryRequest delivery = JSON.readValue(kept.delivery(), DeliveryRequest.class);
        assertThat(delivery.subscriptionId()).isEqualTo(flaky);
        assertThat(delivery.enquiryId()).isEqualTo(event.enquiryId());
        assertThat(delivery.eventId()).isEqualTo(event.eventId());
        assertThat(delivery.payload()).isEqualTo(event.payload());
        assertThat(delivery.webhookId()).isEqualTo(receiver.requests("/flaky").get(0).header("webhook-id"));
        assertThat(delivery.firstAttempt()).isNull();
        assertThat(kept.failedAt()).isEqualTo(data.attempts(flaky, event.enquiryId()).get(0).attemptedAt());
        assertThat(data.attempts(healthy, event.enquiryId())).extracting(TestData.Attempt::outcome).containsExactly("succeeded");
        assertThat(data.failedDelivery(healthy, event.enquiryId())).isEmpty();
    }

    @Test
    void leavesARequestAnotherReplicaHoldsAndQueuesItOnceReleased() throws Exception {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(owner, receiver.url("/back", WebhookReceiver.Answer.ok()), null);
        UUID enquiry = UUID.randomUUID();
        DeliveryRequest failed = abandonedEarlier(subscription, enquiry);

        try (Connection otherReplica = dataSource.getConnection()) {
            otherReplica.setAutoCommit(false);
            // The request, visible and already held by another replica's poll before this one can take it.
            try (PreparedStatement request = otherReplica.prepareStatement("""
                    insert into delivery_requests (subscription_id, enquiry_id, delivery, request_id)
                    select subscription_id, enquiry_id, delivery, 'portal-request-2' from failed_deliveries
                     where subscription_id = ? and enquiry_id = ?
                    """)) {
                request.setObject(1, subscription);
                request.setObject(2, enquiry);
                request.executeUpdate();
            }
            otherReplica.commit();
            try (PreparedStatement lock = otherReplica.prepareStatement(
                    "select 1 from delivery_requests where subscription_id = ? and enquiry_id = ? for update")) {
                lock.setObject(1, subscription);
                lock.setObject(2, enquiry);
                lock.executeQuery().close();
            }

            // A poller that waited for the lock instead of passing over the row would not return.
            CompletableFuture.runAsync(poller::queueRequested).get(20, TimeUnit.SECONDS);

            assertThat(data.pendingRequests(subscription)).isOne();
            await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(receiver.requests("/back")).isEmpty());
            otherReplica.rollback();
        }

        await().atMost(DONE).until(() -> receiver.requests("/back").size() == 1);
        assertThat(receiver.requests("/back").get(0).header("webhook-id")).isEqualTo(failed.webhookId());
        assertThat(receiver.bodies("/back")).containsExactly(failed.payload());
        await().atMost(DONE).untilAsserted(() -> assertThat(data.attempts(subscription, enquiry))
                .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome)
                .containsExactly(tuple(1, "abandoned"), tuple(2, "succeeded")));
        await().atMost(DONE).until(() -> data.pendingRequests(subscription) == 0);
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.requests("/back")).hasSize(1));
    }

    @Test
    void redeliversADeliveredEventOnRequestButNotACopyOfItsFanOut() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/lost-it", WebhookReceiver.Answer.ok()), null);
        Events.Published event = submitted(owner, property);
        await().atMost(DONE).until(() -> data.attempts(subscription, event.enquiryId()).size() == 1);
        String webhookId = receiver.requests("/lost-it").get(0).header("webhook-id");

        data.requestRedelivery(subscription, event.enquiryId(), "portal-request-3");

        await().atMost(DONE).until(() -> receiver.requests("/lost-it").size() == 2);
        assertThat(receiver.requests("/lost-it")).allSatisfy(request -> {
            assertThat(request.header("webhook-id")).isEqualTo(webhookId);
            assertThat(request.body()).isEqualTo(event.payload());
        });
        await().atMost(DONE).untilAsserted(() -> assertThat(data.attempts(subscription, event.enquiryId()))
                .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome)
                .containsExactly(tuple(1, "succeeded"), tuple(2, "succeeded")));

        // The relay publishing the event again (a fan-out copy) is still refused: it was delivered.
        events.publishAgain(event);
        await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.requests("/lost-it")).hasSize(2));
        assertThat(data.attempts(subscription, event.enquiryId())).hasSize(2);
    }

    @Test
    void deliversTheRequestsOfARecoverThatThePausedHookNeverReceived() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/was-paused", WebhookReceiver.Answer.ok()), null);
        data.setPaused(subscription, true);
        List<Events.Published> missed = List.of(submitted(owner, property), submitted(owner, property),
                submitted(owner, property));
        UUID witness = data.subscribe(owner, receiver.url("/witness", WebhookReceiver.Answer.ok()), null);
        Events.Published afterwards = submitted(owner, property);
        await().atMost(DONE).until(() -> receiver.bodies("/witness").contains(afterwards.payload()));
        assertThat(receiver.requests("/was-paused")).isEmpty();
        assertThat(witness).isNotNull();

        data.setPaused(subscription, false);
        missed.forEach(event -> data.requestRedelivery(subscription, event.enquiryId(), "recover-request"));

        await().atMost(DONE).until(() -> receiver.requests("/was-paused").size() == 3);
        assertThat(receiver.bodies("/was-paused"))
                .containsExactlyInAnyOrderElementsOf(missed.stream().map(Events.Published::payload).toList());
        assertThat(receiver.requests("/was-paused")).extracting(request -> request.header("webhook-id"))
                .containsExactlyInAnyOrderElementsOf(missed.stream()
                        .map(event -> DeliveryRequest.webhookIdOf(event.eventId(), subscription)).toList());
        for (Events.Published event : missed) {
            await().atMost(DONE).untilAsserted(() -> assertThat(data.attempts(subscription, event.enquiryId()))
                    .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome)
                    .containsExactly(tuple(1, "succeeded")));
        }
        assertThat(data.pendingRequests(subscription)).isZero();
    }

    /** A guest's enquiry as the intake stores it (enquiry and outbox row), published as enquiry-ingest publishes it. */
    private Events.Published submitted(TestData.Owner owner, UUID property) {
        EnquiryCreated enquiry = Events.anEnquiryOn(property);
        String eventId = UUID.randomUUID().toString();
        String payload = JSON.writeValueAsString(enquiry);
        data.stored(owner, enquiry, eventId, payload);
        return events.publish(enquiry.enquiryId(), eventId, payload);
    }

    /** A delivery abandoned long ago (with a schedule of one attempt), as the dispatcher left it. */
    private DeliveryRequest abandonedEarlier(UUID subscription, UUID enquiry) {
        String eventId = UUID.randomUUID().toString();
        DeliveryRequest delivery = new DeliveryRequest(subscription, enquiry, eventId,
                DeliveryRequest.webhookIdOf(eventId, subscription), Instant.now().minus(Duration.ofDays(2)),
                "{\"event\":\"enquiry.created\",\"enquiry_id\":\"" + enquiry + "\"}", "intake-request", null);
        Instant failedAt = Instant.now().minus(Duration.ofDays(1));
        jdbc.sql("""
                        insert into delivery_attempts (subscription_id, enquiry_id, attempt, outcome, http_status, attempted_at)
                        values (:subscription, :enquiry, 1, 'abandoned', 502, :at)
                        """)
                .param("subscription", subscription).param("enquiry", enquiry).param("at", failedAt.atOffset(ZoneOffset.UTC))
                .update();
        jdbc.sql("""
                        insert into failed_deliveries (subscription_id, enquiry_id, delivery, failed_at)
                        values (:subscription, :enquiry, cast(:delivery as json), :at)
                        """)
                .param("subscription", subscription).param("enquiry", enquiry)
                .param("delivery", JSON.writeValueAsString(delivery)).param("at", failedAt.atOffset(ZoneOffset.UTC))
                .update();
        return delivery;
    }
}
