package com.holidaylistings.integration.dispatcher.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.dispatcher.lane.OwnerLanes;
import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A receiver that answers 503 (or 429) with a Retry-After longer than its stage's delay (1s, 2s, 3s
 * here) gets its retry no earlier than it asked, capped at twice the delay; meanwhile the delivery
 * waits on its row (status waiting, next_attempt_at the asked time), holding no record and no slot of
 * its owner's lane, and the row poller (every second) hands it straight to that lane once due.
 */
class RetryAfterOnRowIT extends DispatcherIntegrationTest {

    private static final Logger log = LoggerFactory.getLogger(RetryAfterOnRowIT.class);
    private static final Duration DONE = Duration.ofSeconds(60);
    private static final Duration EARLY = Duration.ofMillis(100);
    /**
     * The retry is due the asked time after the attempt's end as the dispatcher counts it (its start
     * plus the POST's own duration), which can be a little before the receiver saw the first request
     * end: the guards and the signing before the POST (on a JVM's first delivery, loading their classes).
     */
    private static final Duration GAP_EARLY = Duration.ofMillis(250);
    /** The row poller's interval, and the attempt's own time. */
    private static final Duration LATE = Duration.ofMillis(2500);

    @Autowired
    private OwnerLanes lanes;

    @Test
    void waitsOnItsRowAsLongAsA503AsksThenTheRowPollerDeliversIt() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        // The first retry (stage 2, due 2 s after the failure) is asked to wait 3 s: within twice the delay.
        UUID subscription = data.subscribe(
                owner,
                receiver.url(
                        "/busy",
                        WebhookReceiver.Answer.status(500),
                        WebhookReceiver.Answer.status(503).with("Retry-After", "3"),
                        WebhookReceiver.Answer.ok()),
                null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DONE)
                .pollInterval(Duration.ofMillis(20))
                .until(() -> "waiting".equals(data.deliveryStatus(subscription, event.enquiryId())));
        TestData.Delivery waiting =
                data.delivery(subscription, event.enquiryId()).orElseThrow();
        TestData.Attempt asked = await().atMost(DONE)
                .until(() -> data.attempts(subscription, event.enquiryId()), attempts -> attempts.size() == 2)
                .get(1);
        assertThat(asked.outcome()).isEqualTo("failed");
        assertThat(asked.httpStatus()).isEqualTo(503);
        Instant askedFor = asked.attemptedAt().plusMillis(asked.durationMs()).plus(Duration.ofSeconds(3));
        assertThat(asked.nextAttemptAt()).isCloseTo(askedFor, within(250, ChronoUnit.MILLIS));
        assertThat(waiting.attempts()).isEqualTo(2);
        assertThat(waiting.stage()).as("the stage of the next attempt").isEqualTo(3);
        assertThat(waiting.nextAttemptAt()).isEqualTo(asked.nextAttemptAt());
        assertNoLaneSlotHeldWhileWaiting(subscription, event.enquiryId());

        await().atMost(DONE)
                .untilAsserted(() -> assertThat(receiver.requests("/busy"))
                        .as(() -> "requests while the delivery is " + data.delivery(subscription, event.enquiryId()))
                        .hasSize(3));
        List<WebhookDelivery> requests = receiver.requests("/busy");
        Duration gap =
                Duration.between(requests.get(1).receivedAt(), requests.get(2).receivedAt());
        log.info("Gap before the retry asked to wait 3 s (ms): {}", gap.toMillis());
        assertThat(requests.get(2).receivedAt())
                .isAfterOrEqualTo(waiting.nextAttemptAt().minus(EARLY));
        assertThat(gap)
                .isBetween(
                        Duration.ofSeconds(3).minus(GAP_EARLY),
                        Duration.ofSeconds(3).plus(LATE));
        assertThat(requests).extracting(request -> request.header("webhook-id")).containsOnly(waiting.webhookId());
        await().atMost(DONE).until(() -> "succeeded".equals(data.deliveryStatus(subscription, event.enquiryId())));
        assertThat(data.attempts(subscription, event.enquiryId()))
                .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome, TestData.Attempt::httpStatus)
                .containsExactly(tuple(1, "failed", 500), tuple(2, "failed", 503), tuple(3, "succeeded", 200));
        assertThat(data.delivery(subscription, event.enquiryId()))
                .get()
                .extracting(TestData.Delivery::attempts, TestData.Delivery::stage)
                .containsExactly(3, 3);
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(receiver.requests("/busy")).hasSize(3));
    }

    @Test
    void waitsNoLongerThanTwiceTheStagesDelayWhatever503Asks() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(
                owner,
                receiver.url(
                        "/overloaded",
                        WebhookReceiver.Answer.status(503).with("Retry-After", "3600"),
                        WebhookReceiver.Answer.ok()),
                null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DONE)
                .pollInterval(Duration.ofMillis(20))
                .until(() -> "waiting".equals(data.deliveryStatus(subscription, event.enquiryId())));
        TestData.Delivery waiting =
                data.delivery(subscription, event.enquiryId()).orElseThrow();
        TestData.Attempt first = data.attempts(subscription, event.enquiryId()).getFirst();
        Duration capped = Duration.ofSeconds(2);
        // counted from when the attempt ended: its answer, and anything the dispatcher did after it before deciding
        Instant answered = first.attemptedAt().plusMillis(first.durationMs());
        assertThat(waiting.nextAttemptAt())
                .as("an hour asked, twice the 1 s delay given")
                .isBetween(answered.plus(capped), answered.plus(capped).plusMillis(500));
        assertThat(waiting.stage()).isEqualTo(2);

        await().atMost(DONE)
                .untilAsserted(() -> assertThat(data.deliveryStatus(subscription, event.enquiryId()))
                        .as(() -> "the delivery " + data.delivery(subscription, event.enquiryId()))
                        .isEqualTo("succeeded"));
        List<WebhookDelivery> requests = receiver.requests("/overloaded");
        assertThat(requests).hasSize(2);
        Duration gap =
                Duration.between(requests.get(0).receivedAt(), requests.get(1).receivedAt());
        log.info("Gap before the retry asked to wait an hour (ms): {}", gap.toMillis());
        assertThat(gap).isBetween(capped.minus(GAP_EARLY), capped.plus(LATE));
        assertThat(requests.get(1).receivedAt())
                .isAfterOrEqualTo(waiting.nextAttemptAt().minus(EARLY));
        assertThat(data.attempts(subscription, event.enquiryId()))
                .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome)
                .containsExactly(tuple(1, "failed"), tuple(2, "succeeded"));
    }

    /**
     * A delivery holding a slot of its owner's lane would keep the process's in-flight count at one
     * or more for the whole wait; it falls to none while the delivery waits.
     */
    private void assertNoLaneSlotHeldWhileWaiting(UUID subscription, UUID enquiry) {
        boolean[] seenIdle = {false};
        await("no delivery in flight while it waits on its row")
                .atMost(Duration.ofSeconds(3))
                .pollInterval(Duration.ofMillis(10))
                .until(() -> {
                    boolean idle = lanes.inFlight() == 0;
                    boolean stillWaiting = "waiting".equals(data.deliveryStatus(subscription, enquiry));
                    seenIdle[0] = idle && stillWaiting;
                    return seenIdle[0] || !stillWaiting;
                });
        assertThat(seenIdle[0])
                .as("the process had no delivery in flight while this one waited on its row")
                .isTrue();
        assertThat(receiver.inFlight()).isZero();
    }
}
