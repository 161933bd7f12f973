package com.holidaylistings.integration.dispatcher.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.dispatcher.records.DeliveryRecords;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.assertj.core.data.TemporalUnitOffset;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Retries on the test schedule 1s, 2s, 3s (each counted from the failure before it), their log,
 * and Retry-After. A retry may run late by the poll and resume granularity of the retry topics (or,
 * when Retry-After asked for longer than the schedule, of the row poller: RetryAfterOnRowIT), never early.
 */
class RetryScheduleIT extends DispatcherIntegrationTest {

    private static final Logger log = LoggerFactory.getLogger(RetryScheduleIT.class);
    private static final List<Duration> SCHEDULE =
            List.of(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3));
    private static final Duration EARLY = Duration.ofMillis(100);
    private static final Duration LATE = Duration.ofMillis(2500);
    private static final Duration DONE = Duration.ofSeconds(60);
    // next_attempt_at counts from when the attempt ended, a few milliseconds after its answer (signing, the guards)
    private static final TemporalUnitOffset CLOSE = within(250, ChronoUnit.MILLIS);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    private KafkaTemplate<String, String> kafka;

    @Autowired
    private DeliveryRecords records;

    @Test
    void retriesAfterEachScheduledDelayThenAbandonsAndLogsEveryAttempt() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(
                owner,
                receiver.url("/failing", WebhookReceiver.Answer.status(500).withBody("e".repeat(5000))),
                null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DONE)
                .until(() -> data.attempts(subscription, event.enquiryId()).size() == 4);
        List<TestData.Attempt> attempts = data.attempts(subscription, event.enquiryId());
        assertThat(attempts)
                .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome, TestData.Attempt::httpStatus)
                .containsExactly(
                        tuple(1, "failed", 500),
                        tuple(2, "failed", 500),
                        tuple(3, "failed", 500),
                        tuple(4, "abandoned", 500));
        List<WebhookDelivery> requests = receiver.requests("/failing");
        assertThat(requests).hasSize(4);
        log.info("Gaps between attempts (ms): {}", gaps(requests));
        for (int i = 0; i < 3; i++) {
            Duration gap = Duration.between(
                    requests.get(i).receivedAt(), requests.get(i + 1).receivedAt());
            assertThat(gap)
                    .as("gap before retry %d", i + 1)
                    .isBetween(SCHEDULE.get(i).minus(EARLY), SCHEDULE.get(i).plus(LATE));
        }
        for (TestData.Attempt attempt : attempts) {
            assertThat(attempt.durationMs()).isNotNull().isBetween(0, 1000);
            assertThat(attempt.responseBody())
                    .as("the first 4 KiB of the answer")
                    .isEqualTo("e".repeat(4096));
            assertThat(attempt.responseTruncated()).as("the answer had more").isTrue();
            assertThat(attempt.webhookId()).isEqualTo(requests.get(0).header("webhook-id"));
            assertThat(attempt.error()).isNull();
        }
        for (int i = 0; i < 3; i++) {
            TestData.Attempt failed = attempts.get(i);
            assertThat(failed.nextAttemptAt())
                    .as("next attempt after attempt %d", i + 1)
                    .isCloseTo(
                            failed.attemptedAt().plusMillis(failed.durationMs()).plus(SCHEDULE.get(i)), CLOSE);
            assertThat(requests.get(i + 1).receivedAt())
                    .isAfterOrEqualTo(failed.nextAttemptAt().minus(EARLY));
        }
        assertThat(attempts.get(3).nextAttemptAt()).isNull();
        await().atMost(DONE).until(() -> "abandoned".equals(data.deliveryStatus(subscription, event.enquiryId())));
        assertThat(data.delivery(subscription, event.enquiryId()))
                .get()
                .extracting(TestData.Delivery::attempts, TestData.Delivery::stage)
                .containsExactly(4, 4);
        await().during(Duration.ofSeconds(4))
                .atMost(Duration.ofSeconds(10))
                .until(() -> receiver.requests("/failing").size() == 4);
    }

    @Test
    void aRetryGivenALongerDelayFollowsTheShorterDelayOfToday() throws Exception {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/shortened", WebhookReceiver.Answer.status(204)), null);
        EnquiryCreated event = Events.anEnquiryOn(property);
        UUID eventId = UUID.randomUUID();
        String payload = JSON.writeValueAsString(event);
        // Its first attempt failed while the first delay was ten minutes; today's schedule says one second.
        RetrySchedule before =
                new RetrySchedule(List.of(Duration.ofMinutes(10), Duration.ofMinutes(20), Duration.ofMinutes(30)));
        Instant failedAt = Instant.now();
        RetrySchedule.AfterFailure next = before.afterFailure(1, failedAt, 500, null);
        String webhookId = data.insertDelivery(
                owner,
                subscription,
                eventId,
                event.enquiryId(),
                event.sentAt(),
                payload,
                "pending",
                1,
                next.nextStage(),
                next.dueAt(),
                null);
        DeliveryTask failed =
                new DeliveryTask(webhookId, event.sentAt(), SubscriptionId.of(subscription), OwnerId.of(owner.id()), 0);
        kafka.send(records.after(failed, next)).get(30, TimeUnit.SECONDS);

        await("the retry, one delay of today after the failure")
                .atMost(Duration.ofSeconds(60))
                .until(() -> data.attempts(subscription, event.enquiryId()).size() == 1);
        assertThat(data.attempts(subscription, event.enquiryId()))
                .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome)
                .containsExactly(tuple(2, "succeeded"));
        assertThat(receiver.requests("/shortened").getFirst().receivedAt())
                .as("due one second after the failure, not ten minutes")
                .isBefore(failedAt.plus(Duration.ofMinutes(1)));
        assertThat(receiver.requests("/shortened").getFirst().header("webhook-id"))
                .isEqualTo(webhookId);
        assertThat(receiver.bodies("/shortened")).containsExactly(payload);
    }

    @Test
    void keepsDeliveringLaterEventsAfterAnAbandonedOne() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(owner, receiver.url("/failing", WebhookReceiver.Answer.status(500)), null);
        Events.Published abandoned = events.enquiryOn(property);
        await().atMost(DONE)
                .until(() -> data.attempts(subscription, abandoned.enquiryId()).size() == 4);
        receiver.answer("/failing", WebhookReceiver.Answer.ok());

        Events.Published later = events.enquiryOn(property);

        await().atMost(DONE).until(() -> receiver.bodies("/failing").contains(later.payload()));
        await().atMost(DONE)
                .until(() -> data.attempts(subscription, later.enquiryId()).size() == 1);
        assertThat(data.attempts(subscription, later.enquiryId()))
                .extracting(TestData.Attempt::outcome)
                .containsExactly("succeeded");
        assertThat(data.subscription(subscription)).isEqualTo(new TestData.Subscription(false, null, null));
    }

    @Test
    void stopsRetryingOnceTheReceiverAcceptsTheEvent() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(
                owner,
                receiver.url(
                        "/flaky",
                        WebhookReceiver.Answer.status(500),
                        WebhookReceiver.Answer.status(500),
                        WebhookReceiver.Answer.ok()),
                null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DONE)
                .until(() -> data.attempts(subscription, event.enquiryId()).size() == 3);
        assertThat(data.attempts(subscription, event.enquiryId()))
                .extracting(TestData.Attempt::attempt, TestData.Attempt::outcome, TestData.Attempt::httpStatus)
                .containsExactly(tuple(1, "failed", 500), tuple(2, "failed", 500), tuple(3, "succeeded", 200));
        assertThat(data.attempts(subscription, event.enquiryId()).get(2).nextAttemptAt())
                .isNull();
        await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(receiver.requests("/flaky")).hasSize(3);
            assertThat(data.attempts(subscription, event.enquiryId())).hasSize(3);
        });
    }

    @Test
    void waitsAsLongAsRetryAfterAsksUpToTwiceTheScheduledDelay() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(
                owner,
                receiver.url(
                        "/busy",
                        WebhookReceiver.Answer.status(429).with("Retry-After", "10"),
                        WebhookReceiver.Answer.ok()),
                null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DONE)
                .until(() -> data.attempts(subscription, event.enquiryId()).size() == 2);
        List<WebhookDelivery> requests = receiver.requests("/busy");
        Duration gap =
                Duration.between(requests.get(0).receivedAt(), requests.get(1).receivedAt());
        log.info("Gap before the retry (ms): {}", gap.toMillis());
        Duration capped = SCHEDULE.get(0).multipliedBy(2);
        assertThat(gap).isBetween(capped.minus(EARLY), capped.plus(LATE));
        TestData.Attempt first = data.attempts(subscription, event.enquiryId()).get(0);
        assertThat(first.outcome()).isEqualTo("failed");
        assertThat(first.httpStatus()).isEqualTo(429);
        assertThat(first.nextAttemptAt())
                .isCloseTo(first.attemptedAt().plusMillis(first.durationMs()).plus(capped), CLOSE);
        assertThat(data.attempts(subscription, event.enquiryId()).get(1).outcome())
                .isEqualTo("succeeded");
    }

    @Test
    void keepsTheScheduleWhenRetryAfterAsksForLess() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        UUID subscription = data.subscribe(
                owner,
                receiver.url(
                        "/unavailable",
                        WebhookReceiver.Answer.status(503).with("Retry-After", "0"),
                        WebhookReceiver.Answer.ok()),
                null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DONE)
                .until(() -> data.attempts(subscription, event.enquiryId()).size() == 2);
        List<WebhookDelivery> requests = receiver.requests("/unavailable");
        Duration gap =
                Duration.between(requests.get(0).receivedAt(), requests.get(1).receivedAt());
        log.info("Gap before the retry (ms): {}", gap.toMillis());
        assertThat(gap).isBetween(SCHEDULE.get(0).minus(EARLY), SCHEDULE.get(0).plus(LATE));
        TestData.Attempt first = data.attempts(subscription, event.enquiryId()).get(0);
        assertThat(first.httpStatus()).isEqualTo(503);
        assertThat(first.nextAttemptAt())
                .isCloseTo(first.attemptedAt().plusMillis(first.durationMs()).plus(SCHEDULE.get(0)), CLOSE);
    }

    private static List<Long> gaps(List<WebhookDelivery> requests) {
        return IntStream.range(1, requests.size())
                .mapToObj(i -> Duration.between(
                                requests.get(i - 1).receivedAt(),
                                requests.get(i).receivedAt())
                        .toMillis())
                .toList();
    }
}
