package com.holidaylistings.integration.dispatcher.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Answers that are not a success within the 1 s test timeout: 410 Gone, too late, a redirect. */
class FailedDeliveriesIT extends DispatcherIntegrationTest {

    private static final Duration DONE = Duration.ofSeconds(30);

    /**
     * A 410 ends the hook for the dispatcher in its own row; the subscription's row is api-service's,
     * which applies the hook.unsubscribed it is told of: the dispatcher leaves it as it was.
     */
    @Test
    void unsubscribesOnGoneWithoutRetrying() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID gone = data.subscribe(owner, receiver.url("/gone", WebhookReceiver.Answer.status(410)), null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DONE).until(() -> data.attempts(gone, event.enquiryId()).size() == 1);
        TestData.Attempt attempt = data.attempts(gone, event.enquiryId()).get(0);
        assertThat(attempt.outcome()).isEqualTo("gone");
        assertThat(attempt.httpStatus()).isEqualTo(410);
        assertThat(attempt.nextAttemptAt()).isNull();
        await().atMost(DONE).until(() -> data.findings(gone).goneAt() != null);
        assertThat(data.subscription(gone))
                .as("api-service's row, unchanged by the dispatcher")
                .isEqualTo(new TestData.Subscription(false, null, null));
        assertThat(data.delivery(gone, event.enquiryId()))
                .get()
                .extracting(TestData.Delivery::status, TestData.Delivery::attempts)
                .containsExactly("gone", 1);
        await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(receiver.requests("/gone")).hasSize(1);
            assertThat(data.attempts(gone, event.enquiryId())).hasSize(1);
        });
    }

    @Test
    void deliversNothingMoreToAGoneSubscription() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID gone = data.subscribe(owner, receiver.url("/gone", WebhookReceiver.Answer.status(410)), null);
        data.subscribe(owner, receiver.url("/witness", WebhookReceiver.Answer.ok()), null);
        Events.Published first = events.enquiryOn(property);
        await().atMost(DONE).until(() -> data.findings(gone).goneAt() != null);

        Events.Published later = events.enquiryOn(property);

        await().atMost(DONE).until(() -> receiver.bodies("/witness").contains(later.payload()));
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(receiver.bodies("/gone")).containsExactly(first.payload());
            assertThat(data.attempts(gone, later.enquiryId())).isEmpty();
        });
        assertThat(data.delivery(gone, later.enquiryId()))
                .as("no delivery to an unsubscribed subscription")
                .isEmpty();
        assertThat(data.unsubscribeReason(gone))
                .as("not yet applied by api-service, and not needed")
                .isNull();
    }

    @Test
    void skipsTheDueDeliveriesOfAHookFoundGoneBeforeApiServiceHasAppliedIt() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID gone = data.subscribe(owner, receiver.url("/gone-due", WebhookReceiver.Answer.status(410)), null);
        Events.Published first = events.enquiryOn(property);
        await().atMost(DONE).until(() -> data.findings(gone).goneAt() != null);

        // an event asked for again (a recover's row, due now), while the subscription's row still says subscribed
        UUID enquiry = UUID.randomUUID();
        data.askFor(
                owner,
                gone,
                UUID.randomUUID(),
                enquiry,
                Instant.now(),
                Events.payloadOf(Events.anEnquiryOn(property)),
                "req_recover");

        await().atMost(DONE).until(() -> "skipped".equals(data.deliveryStatus(gone, enquiry)));
        assertThat(data.attempts(gone, enquiry)).as("skipped, never sent").isEmpty();
        assertThat(receiver.bodies("/gone-due")).containsExactly(first.payload());
    }

    @Test
    void failsAndRetriesWhenTheReceiverHangsPastTheTimeout() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(
                owner, receiver.url("/hanging", WebhookReceiver.Answer.hang(Duration.ofSeconds(5))), null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DONE)
                .until(() -> data.attempts(subscription, event.enquiryId()).size() >= 2);
        TestData.Attempt first = data.attempts(subscription, event.enquiryId()).get(0);
        assertThat(first.outcome()).isEqualTo("failed");
        assertThat(first.httpStatus()).isNull();
        assertThat(first.error()).containsIgnoringCase("timed out");
        assertThat(first.durationMs()).isBetween(1000, 2500);
        assertThat(first.nextAttemptAt()).isNotNull();
        assertThat(receiver.requests("/hanging")).hasSizeGreaterThanOrEqualTo(2);
    }

    @Test
    void countsASuccessAfterTheTimeoutAsAFailure() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(
                owner,
                receiver.url(
                        "/slow",
                        WebhookReceiver.Answer.ok().after(Duration.ofMillis(1500)),
                        WebhookReceiver.Answer.ok()),
                null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DONE)
                .until(() -> data.attempts(subscription, event.enquiryId()).size() == 2);
        TestData.Attempt late = data.attempts(subscription, event.enquiryId()).get(0);
        assertThat(late.outcome()).isEqualTo("failed");
        assertThat(late.httpStatus()).isNull();
        assertThat(late.error()).containsIgnoringCase("timed out");
        assertThat(data.attempts(subscription, event.enquiryId()).get(1).outcome())
                .isEqualTo("succeeded");
    }

    @Test
    void doesNotFollowARedirect() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        String elsewhere = receiver.url("/elsewhere", WebhookReceiver.Answer.ok());
        UUID subscription = data.subscribe(
                owner, receiver.url("/moved", WebhookReceiver.Answer.status(302).with("Location", elsewhere)), null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DONE)
                .until(() -> data.attempts(subscription, event.enquiryId()).size() >= 2);
        assertThat(data.attempts(subscription, event.enquiryId()).subList(0, 2)).allSatisfy(attempt -> {
            assertThat(attempt.outcome()).isEqualTo("failed");
            assertThat(attempt.httpStatus()).isEqualTo(302);
        });
        assertThat(receiver.requests("/moved")).hasSizeGreaterThanOrEqualTo(2);
        assertThat(receiver.requests("/elsewhere")).isEmpty();
    }
}
