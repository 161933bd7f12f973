package com.holidaylistings.integration.dispatcher.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The stages of the retry schedule, where a failed delivery goes next, and what its record says. */
class RetryScheduleTest {

    private static final RetrySchedule SCHEDULE =
            new RetrySchedule(List.of(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3)));
    private static final Instant FAILED_AT = Instant.parse("2026-11-20T09:15:30.123Z");
    private static final Instant AT = Instant.parse("2026-11-20T09:15:30.123Z");
    private static final Duration SCHEDULED = Duration.ofMinutes(1);

    // Stages and topics

    @Test
    void makesOneAttemptMoreThanThereAreDelays() {
        assertThat(SCHEDULE.attempts()).isEqualTo(4);
        assertThat(new RetrySchedule(List.of(Duration.ofSeconds(1))).attempts()).isEqualTo(2);
    }

    @Test
    void namesTheRetryTopicsByPosition() {
        assertThat(SCHEDULE.stages())
                .extracting(RetrySchedule.Stage::topic)
                .containsExactly(
                        "webhook.deliveries",
                        "webhook.deliveries-retry-0",
                        "webhook.deliveries-retry-1",
                        "webhook.deliveries-retry-2");
        assertThat(SCHEDULE.stages()).extracting(RetrySchedule.Stage::retry).containsExactly(false, true, true, true);
        assertThat(SCHEDULE.topics()).last().isEqualTo("webhook.deliveries-dlt");
    }

    @Test
    void givesEachDelayOnceInOrderThenAbandons() {
        assertThat(SCHEDULE.afterFailure(1, FAILED_AT, 500, null).dueAt()).isEqualTo(FAILED_AT.plusSeconds(1));
        assertThat(SCHEDULE.afterFailure(2, FAILED_AT, 500, null).dueAt()).isEqualTo(FAILED_AT.plusSeconds(2));
        assertThat(SCHEDULE.afterFailure(3, FAILED_AT, 500, null).dueAt()).isEqualTo(FAILED_AT.plusSeconds(3));
        assertThat(SCHEDULE.afterFailure(4, FAILED_AT, 500, null).outcome()).isEqualTo(DeliveryOutcome.ABANDONED);
        assertThat(SCHEDULE.afterFailure(5, FAILED_AT, 500, null).outcome()).isEqualTo(DeliveryOutcome.ABANDONED);
    }

    @Test
    void failsRatherThanAbandonsWhileRetriesRemain() {
        assertThat(SCHEDULE.afterFailure(3, FAILED_AT, null, null).outcome()).isEqualTo(DeliveryOutcome.FAILED);
        assertThat(SCHEDULE.afterFailure(4, FAILED_AT, null, null).dueAt()).isNull();
        assertThat(SCHEDULE.afterFailure(4, FAILED_AT, null, null).notBefore()).isNull();
    }

    @Test
    void movesEachFailureOnToTheNextStage() {
        assertThat(SCHEDULE.afterFailure(1, FAILED_AT, 500, null).nextStage()).isEqualTo(2);
        assertThat(SCHEDULE.afterFailure(3, FAILED_AT, 500, null).nextStage()).isEqualTo(4);
        assertThat(SCHEDULE.afterFailure(4, FAILED_AT, 500, null).nextStage())
                .as("the dead letters' stage")
                .isEqualTo(5);
    }

    @Test
    void keepsTheScheduleItWasGiven() {
        List<Duration> delays = new ArrayList<>(List.of(Duration.ofSeconds(1)));
        RetrySchedule schedule = new RetrySchedule(delays);
        delays.clear();

        assertThat(schedule.afterFailure(1, FAILED_AT, null, null).dueAt()).isEqualTo(FAILED_AT.plusSeconds(1));
    }

    @Test
    void refusesAScheduleWithoutDelays() {
        assertThatThrownBy(() -> new RetrySchedule(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    // Where a failed delivery's record goes next

    @Test
    void sendsTheFirstFailureToTheFirstRetryTopicDueAfterTheFirstDelay() {
        RetrySchedule.AfterFailure next = SCHEDULE.afterFailure(1, FAILED_AT, 500, null);
        ConsumerRecord<String, String> forwarded = consumed(stamped(SCHEDULE.topicAfter(next), next));

        assertThat(forwarded.topic()).isEqualTo("webhook.deliveries-retry-0");
        assertThat(forwarded.key()).isEqualTo("subscription");
        assertThat(forwarded.value()).isEqualTo("{\"task\":1}");
        assertThat(RetrySchedule.stageOf(forwarded)).isEqualTo(2);
        assertThat(RetrySchedule.dueAt(forwarded)).isEqualTo(FAILED_AT.plusSeconds(1));
    }

    @Test
    void sendsTheThirdFailureToTheThirdRetryTopicDueAfterTheThirdDelay() {
        RetrySchedule.AfterFailure next = SCHEDULE.afterFailure(3, FAILED_AT, 500, null);
        ConsumerRecord<String, String> forwarded = consumed(stamped(SCHEDULE.topicAfter(next), next));

        assertThat(forwarded.topic()).isEqualTo("webhook.deliveries-retry-2");
        assertThat(RetrySchedule.stageOf(forwarded)).isEqualTo(4);
        assertThat(RetrySchedule.dueAt(forwarded)).isEqualTo(FAILED_AT.plusSeconds(3));
    }

    @Test
    void sendsTheLastFailureToTheDeadLetters() {
        RetrySchedule.AfterFailure next = SCHEDULE.afterFailure(4, FAILED_AT, 500, null);
        ProducerRecord<String, String> deadLetter = stamped(SCHEDULE.topicAfter(next), next);

        assertThat(next.abandoned()).isTrue();
        assertThat(deadLetter.topic()).isEqualTo(RetrySchedule.DEAD_LETTERS).isEqualTo("webhook.deliveries-dlt");
        assertThat(deadLetter.headers().lastHeader(RetrySchedule.DUE_AT_HEADER)).isNull();
        assertThat(RetrySchedule.stageOf(consumed(deadLetter)))
                .as("one more than the last stage")
                .isEqualTo(5);
    }

    @Test
    void writesTheStageAsAFourByteIntAndTheDueTimeAsEightBytesOfEpochMillis() {
        ProducerRecord<String, String> record =
                RetrySchedule.stamped(new ProducerRecord<>("webhook.deliveries-retry-1", "subscription", "{}"), 3, AT);

        assertThat(record.headers().headers(RetrySchedule.STAGE_HEADER))
                .singleElement()
                .extracting(Header::value)
                .isEqualTo(ByteBuffer.allocate(Integer.BYTES).putInt(3).array());
        assertThat(record.headers().headers(RetrySchedule.DUE_AT_HEADER))
                .singleElement()
                .extracting(Header::value)
                .isEqualTo(ByteBuffer.allocate(Long.BYTES)
                        .putLong(AT.toEpochMilli())
                        .array());
    }

    @Test
    void stampsAFirstAttemptWithItsStageOnly() {
        ProducerRecord<String, String> record =
                RetrySchedule.stamped(new ProducerRecord<>("webhook.deliveries", "subscription", "{}"), 1, null);

        assertThat(RetrySchedule.stageOf(consumed(record))).isEqualTo(1);
        assertThat(RetrySchedule.dueAt(consumed(record))).isNull();
    }

    @Test
    void carriesTheWaitAReceiverAskedForApartFromThePartitionsOrder() {
        RetrySchedule.AfterFailure next = SCHEDULE.afterFailure(1, FAILED_AT, 429, Duration.ofMillis(1500));

        assertThat(next.notBefore()).as("on the delivery's row").isEqualTo(FAILED_AT.plusMillis(1500));
        assertThat(next.dueAt()).as("the stage's own due time").isEqualTo(FAILED_AT.plusSeconds(1));
        assertThat(next.nextStage()).isEqualTo(2);
    }

    @Test
    void capsTheWaitAReceiverAskedForAtTwiceTheStagesDelay() {
        assertThat(SCHEDULE.afterFailure(1, FAILED_AT, 503, Duration.ofDays(1)).notBefore())
                .isEqualTo(FAILED_AT.plusSeconds(2));
        assertThat(SCHEDULE.afterFailure(3, FAILED_AT, 503, Duration.ofDays(1)).notBefore())
                .isEqualTo(FAILED_AT.plusSeconds(6));
    }

    @Test
    void hasNoNotBeforeUnlessAReceiverAskedForMoreThanTheSchedule() {
        assertThat(SCHEDULE.afterFailure(1, FAILED_AT, 500, Duration.ofSeconds(90))
                        .notBefore())
                .as("not a 429 or 503")
                .isNull();
        assertThat(SCHEDULE.afterFailure(1, FAILED_AT, 503, null).notBefore()).isNull();
        assertThat(SCHEDULE.afterFailure(1, FAILED_AT, 503, Duration.ofSeconds(1))
                        .notBefore())
                .as("no more than the delay")
                .isNull();
        assertThat(SCHEDULE.afterFailure(4, FAILED_AT, 503, Duration.ofSeconds(90))
                        .notBefore())
                .as("abandoned")
                .isNull();
    }

    // Reading the headers

    @Test
    void countsARecordWithoutStageHeaderAsTheFirstAttempt() {
        assertThat(RetrySchedule.stageOf(record("webhook.deliveries-retry-0"))).isEqualTo(1);
    }

    @Test
    void readsTheStageWrittenAsAFourByteInt() {
        ConsumerRecord<String, String> record = record("webhook.deliveries-retry-0");
        record.headers()
                .add(
                        RetrySchedule.STAGE_HEADER,
                        ByteBuffer.allocate(4).putInt(3).array());

        assertThat(RetrySchedule.stageOf(record)).isEqualTo(3);
    }

    @Test
    void readsTheLastStageHeader() {
        ConsumerRecord<String, String> record = record("webhook.deliveries-retry-0");
        record.headers()
                .add(
                        RetrySchedule.STAGE_HEADER,
                        ByteBuffer.allocate(4).putInt(2).array());
        record.headers()
                .add(
                        RetrySchedule.STAGE_HEADER,
                        ByteBuffer.allocate(4).putInt(3).array());

        assertThat(RetrySchedule.stageOf(record)).isEqualTo(3);
    }

    @Test
    void readsWhenARetryWasDue() {
        ConsumerRecord<String, String> record = record("webhook.deliveries-retry-0");
        record.headers().add(RetrySchedule.DUE_AT_HEADER, millis(AT));

        assertThat(RetrySchedule.dueAt(record)).isEqualTo(AT);
    }

    @Test
    void hasNoDueTimeForAFirstAttempt() {
        assertThat(RetrySchedule.dueAt(record("webhook.deliveries"))).isNull();
    }

    @Test
    void makesARecordGivenALongerDelayDueAfterTodaysDelay() {
        // Failed into the second retry topic (stage 3) when its delay was 5 minutes; today it is 2 s.
        ConsumerRecord<String, String> waiting = forwardedAt(AT, 3, AT.plus(Duration.ofMinutes(5)));

        assertThat(SCHEDULE.effectiveDueAt(waiting)).isEqualTo(AT.plusSeconds(2));
    }

    @Test
    void keepsTheDueTimeARecordWasGivenWhenTodaysDelayIsLonger() {
        ConsumerRecord<String, String> waiting = forwardedAt(AT, 3, AT.plusMillis(500));

        assertThat(SCHEDULE.effectiveDueAt(waiting)).isEqualTo(AT.plusMillis(500));
    }

    @Test
    void keepsTheGivenDueTimeOfARecordWithoutTimestampOrBeyondTheSchedule() {
        ConsumerRecord<String, String> noTimestamp = record("webhook.deliveries-retry-1");
        noTimestamp
                .headers()
                .add(
                        RetrySchedule.STAGE_HEADER,
                        ByteBuffer.allocate(Integer.BYTES).putInt(3).array());
        noTimestamp.headers().add(RetrySchedule.DUE_AT_HEADER, millis(AT.plus(Duration.ofMinutes(5))));
        // a stage the schedule no longer has (the delays were cut from five to three)
        ConsumerRecord<String, String> stranded = forwardedAt(AT, 6, AT.plus(Duration.ofHours(4)));

        assertThat(SCHEDULE.effectiveDueAt(noTimestamp)).isEqualTo(AT.plus(Duration.ofMinutes(5)));
        assertThat(SCHEDULE.effectiveDueAt(stranded)).isEqualTo(AT.plus(Duration.ofHours(4)));
        assertThat(SCHEDULE.effectiveDueAt(record("webhook.deliveries"))).isNull();
    }

    // The Retry-After policy

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void honoursALongerRetryAfter(int status) {
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, Duration.ofSeconds(90)))
                .isEqualTo(Duration.ofSeconds(90));
    }

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void capsRetryAfterAtTwiceTheScheduledDelay(int status) {
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, Duration.ofDays(2)))
                .isEqualTo(Duration.ofMinutes(2));
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, Duration.ofMinutes(2)))
                .isEqualTo(Duration.ofMinutes(2));
    }

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void keepsTheScheduleWhenRetryAfterAsksForLessOrTheSame(int status) {
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, Duration.ZERO)).isEqualTo(SCHEDULED);
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, Duration.ofSeconds(30)))
                .isEqualTo(SCHEDULED);
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, SCHEDULED)).isEqualTo(SCHEDULED);
    }

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void keepsTheScheduleWithoutRetryAfter(int status) {
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, null)).isEqualTo(SCHEDULED);
    }

    @ParameterizedTest
    @ValueSource(ints = {500, 502, 504, 404, 302, 400})
    void ignoresRetryAfterOnOtherStatuses(int status) {
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, Duration.ofSeconds(90)))
                .isEqualTo(SCHEDULED);
    }

    @Test
    void keepsTheScheduleWhenNoAnswerCame() {
        assertThat(RetrySchedule.delayAsked(SCHEDULED, null, null)).isEqualTo(SCHEDULED);
    }

    /** A task's record as the schedule sends it on after {@code next}. */
    private static ProducerRecord<String, String> stamped(String topic, RetrySchedule.AfterFailure next) {
        return RetrySchedule.stamped(
                new ProducerRecord<>(topic, "subscription", "{\"task\":1}"), next.nextStage(), next.dueAt());
    }

    private static byte[] millis(Instant instant) {
        return ByteBuffer.allocate(Long.BYTES).putLong(instant.toEpochMilli()).array();
    }

    private static ConsumerRecord<String, String> record(String topic) {
        return new ConsumerRecord<>(topic, 0, 7L, "subscription", "{\"task\":1}");
    }

    /** A record of a retry topic for {@code stage}, written at {@code timestamp} with the due time it was given then. */
    private static ConsumerRecord<String, String> forwardedAt(Instant timestamp, int stage, Instant dueAt) {
        ConsumerRecord<String, String> record = new ConsumerRecord<>(
                "webhook.deliveries-retry-" + (stage - 2),
                0,
                7L,
                timestamp.toEpochMilli(),
                TimestampType.CREATE_TIME,
                12,
                13,
                "subscription",
                "{\"task\":1}",
                new RecordHeaders(),
                Optional.empty());
        record.headers()
                .add(
                        RetrySchedule.STAGE_HEADER,
                        ByteBuffer.allocate(Integer.BYTES).putInt(stage).array());
        record.headers().add(RetrySchedule.DUE_AT_HEADER, millis(dueAt));
        return record;
    }

    /** The forwarded record as the next topic's consumer reads it. */
    private static ConsumerRecord<String, String> consumed(ProducerRecord<String, String> produced) {
        ConsumerRecord<String, String> record =
                new ConsumerRecord<>(produced.topic(), 0, 0L, produced.key(), produced.value());
        produced.headers().forEach(header -> record.headers().add(header));
        return record;
    }
}
