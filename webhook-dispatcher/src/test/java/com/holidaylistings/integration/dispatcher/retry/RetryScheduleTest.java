package com.holidaylistings.integration.dispatcher.retry;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.events.delivery.DeliveryOutcome;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
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

    private static final RetrySchedule SCHEDULE = new RetrySchedule(
            List.of(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3)));
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
    void namesTheRetryTopicsByPositionAndGivesEachStageItsOwnGroup() {
        assertThat(SCHEDULE.stages()).extracting(RetrySchedule.Stage::topic).containsExactly(
                "webhook.deliveries", "webhook.deliveries-retry-0", "webhook.deliveries-retry-1",
                "webhook.deliveries-retry-2");
        assertThat(SCHEDULE.stages()).extracting(RetrySchedule.Stage::groupSuffix).containsExactly(
                ".deliveries", ".deliveries-retry-0", ".deliveries-retry-1", ".deliveries-retry-2");
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
        assertThat(SCHEDULE.afterFailure(4, FAILED_AT, null, null).nextAttemptAt()).isNull();
    }

    @Test
    void keepsTheScheduleItWasGiven() {
        List<Duration> delays = new ArrayList<>(List.of(Duration.ofSeconds(1)));
        RetrySchedule schedule = new RetrySchedule(delays);
        delays.clear();

        assertThat(schedule.afterFailure(1, FAILED_AT, null, null).dueAt()).isEqualTo(FAILED_AT.plusSeconds(1));
    }

    // Forwarding

    @Test
    void sendsTheFirstFailureToTheFirstRetryTopicDueAfterTheFirstDelay() {
        ProducerRecord<String, String> next = forward(record("webhook.deliveries"), 1, "HTTP 500", null);

        assertThat(next.topic()).isEqualTo("webhook.deliveries-retry-0");
        assertThat(next.key()).isEqualTo("subscription");
        assertThat(next.value()).isEqualTo("{\"payload\":1}");
        assertThat(RetrySchedule.stageOf(consumed(next))).isEqualTo(2);
        assertThat(RetrySchedule.dueAt(consumed(next))).isEqualTo(FAILED_AT.plusSeconds(1));
        assertThat(new String(next.headers().lastHeader(RetrySchedule.FAILURE_HEADER).value(), StandardCharsets.UTF_8))
                .isEqualTo("HTTP 500");
    }

    @Test
    void sendsTheThirdFailureToTheThirdRetryTopicDueAfterTheThirdDelay() {
        ProducerRecord<String, String> next = forward(record("webhook.deliveries-retry-1"), 3, "HTTP 500", null);

        assertThat(next.topic()).isEqualTo("webhook.deliveries-retry-2");
        assertThat(RetrySchedule.stageOf(consumed(next))).isEqualTo(4);
        assertThat(RetrySchedule.dueAt(consumed(next))).isEqualTo(FAILED_AT.plusSeconds(3));
    }

    @Test
    void sendsTheLastFailureToTheDeadLetters() {
        ProducerRecord<String, String> next = forward(record("webhook.deliveries-retry-2"), 4, "HTTP 500", null);

        assertThat(next.topic()).isEqualTo("webhook.deliveries-dlt");
        assertThat(next.headers().lastHeader(RetrySchedule.DUE_AT_HEADER)).isNull();
        assertThat(RetrySchedule.abandonedStage(consumed(next))).isEqualTo(4);
    }

    @Test
    void carriesTheWaitAReceiverAskedFor() {
        ProducerRecord<String, String> next = forward(record("webhook.deliveries"), 1, "HTTP 429", Duration.ofSeconds(2));

        assertThat(RetrySchedule.notBefore(consumed(next))).isEqualTo(FAILED_AT.plusSeconds(2));
        assertThat(RetrySchedule.dueAt(consumed(next))).as("the partition's order").isEqualTo(FAILED_AT.plusSeconds(1));
    }

    @Test
    void replacesTheRetryHeadersOfTheFailedRecordAndKeepsTheOthers() {
        ConsumerRecord<String, String> failed = record("webhook.deliveries-retry-0");
        failed.headers().add(RetrySchedule.STAGE_HEADER, BigInteger.valueOf(2).toByteArray());
        failed.headers().add(RetrySchedule.NOT_BEFORE_HEADER, RetrySchedule.encode(FAILED_AT));
        failed.headers().add("trace-id", "abc".getBytes(StandardCharsets.UTF_8));

        ProducerRecord<String, String> next = forward(failed, 2, "HTTP 500", null);

        assertThat(next.headers().headers(RetrySchedule.STAGE_HEADER)).hasSize(1);
        assertThat(RetrySchedule.stageOf(consumed(next))).isEqualTo(3);
        assertThat(next.headers().lastHeader(RetrySchedule.NOT_BEFORE_HEADER)).isNull();
        assertThat(next.headers().headers("trace-id")).extracting(Header::value)
                .containsExactly("abc".getBytes(StandardCharsets.UTF_8));
    }

    // Reading the headers, including those of records written by the first version

    @Test
    void countsARecordWithoutAttemptsHeaderAsTheFirstAttempt() {
        assertThat(RetrySchedule.stageOf(record("webhook.deliveries-retry-0"))).isEqualTo(1);
    }

    @Test
    void readsTheAttemptWrittenAsAFourByteInt() {
        ConsumerRecord<String, String> record = record("webhook.deliveries-retry-0");
        record.headers().add(RetrySchedule.STAGE_HEADER, ByteBuffer.allocate(4).putInt(3).array());

        assertThat(RetrySchedule.stageOf(record)).isEqualTo(3);
    }

    @Test
    void readsTheAttemptWrittenAsBigIntegerBytes() {
        ConsumerRecord<String, String> one = record("webhook.deliveries-retry-0");
        one.headers().add(RetrySchedule.STAGE_HEADER, BigInteger.valueOf(4).toByteArray());
        ConsumerRecord<String, String> two = record("webhook.deliveries-retry-0");
        two.headers().add(RetrySchedule.STAGE_HEADER, BigInteger.valueOf(300).toByteArray());

        assertThat(RetrySchedule.stageOf(one)).isEqualTo(4);
        assertThat(RetrySchedule.stageOf(two)).isEqualTo(300);
    }

    @Test
    void readsTheLastAttemptsHeader() {
        ConsumerRecord<String, String> record = record("webhook.deliveries-retry-0");
        record.headers().add(RetrySchedule.STAGE_HEADER, ByteBuffer.allocate(4).putInt(2).array());
        record.headers().add(RetrySchedule.STAGE_HEADER, ByteBuffer.allocate(4).putInt(3).array());

        assertThat(RetrySchedule.stageOf(record)).isEqualTo(3);
    }

    @Test
    void readsWhenARetryWasDueFromBigIntegerBytes() {
        ConsumerRecord<String, String> record = record("webhook.deliveries-retry-0");
        record.headers().add(RetrySchedule.DUE_AT_HEADER, BigInteger.valueOf(AT.toEpochMilli()).toByteArray());

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
        noTimestamp.headers().add(RetrySchedule.STAGE_HEADER, ByteBuffer.allocate(Integer.BYTES).putInt(3).array());
        noTimestamp.headers().add(RetrySchedule.DUE_AT_HEADER, RetrySchedule.encode(AT.plus(Duration.ofMinutes(5))));
        // a stage the schedule no longer has (the delays were cut from five to three)
        ConsumerRecord<String, String> stranded = forwardedAt(AT, 6, AT.plus(Duration.ofHours(4)));

        assertThat(SCHEDULE.effectiveDueAt(noTimestamp)).isEqualTo(AT.plus(Duration.ofMinutes(5)));
        assertThat(SCHEDULE.effectiveDueAt(stranded)).isEqualTo(AT.plus(Duration.ofHours(4)));
        assertThat(SCHEDULE.effectiveDueAt(record("webhook.deliveries"))).isNull();
    }

    @Test
    void readsBackTheNotBeforeItWrites() {
        ConsumerRecord<String, String> record = record("webhook.deliveries-retry-0");
        record.headers().add(RetrySchedule.NOT_BEFORE_HEADER, RetrySchedule.encode(AT));

        assertThat(RetrySchedule.notBefore(record)).isEqualTo(AT);
        assertThat(RetrySchedule.encode(AT)).isEqualTo(BigInteger.valueOf(AT.toEpochMilli()).toByteArray());
    }

    @Test
    void hasNoNotBeforeUnlessAReceiverAskedForOne() {
        assertThat(RetrySchedule.notBefore(record("webhook.deliveries-retry-0"))).isNull();
    }

    // The Retry-After policy

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void honoursALongerRetryAfter(int status) {
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, Duration.ofSeconds(90))).isEqualTo(Duration.ofSeconds(90));
    }

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void capsRetryAfterAtTwiceTheScheduledDelay(int status) {
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, Duration.ofDays(2))).isEqualTo(Duration.ofMinutes(2));
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, Duration.ofMinutes(2))).isEqualTo(Duration.ofMinutes(2));
    }

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void keepsTheScheduleWhenRetryAfterAsksForLessOrTheSame(int status) {
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, Duration.ZERO)).isEqualTo(SCHEDULED);
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, Duration.ofSeconds(30))).isEqualTo(SCHEDULED);
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
        assertThat(RetrySchedule.delayAsked(SCHEDULED, status, Duration.ofSeconds(90))).isEqualTo(SCHEDULED);
    }

    @Test
    void keepsTheScheduleWhenNoAnswerCame() {
        assertThat(RetrySchedule.delayAsked(SCHEDULED, null, null)).isEqualTo(SCHEDULED);
    }

    private static ProducerRecord<String, String> forward(
            ConsumerRecord<String, String> failed, int stage, String reason, Duration retryAfter) {
        Integer status = Integer.valueOf(reason.substring("HTTP ".length()));
        return SCHEDULE.forward(failed, SCHEDULE.afterFailure(stage, FAILED_AT, status, retryAfter), reason);
    }

    private static ConsumerRecord<String, String> record(String topic) {
        return new ConsumerRecord<>(topic, 0, 7L, "subscription", "{\"payload\":1}");
    }

    /** A record of a retry topic for {@code stage}, written at {@code timestamp} with the due time it was given then. */
    private static ConsumerRecord<String, String> forwardedAt(Instant timestamp, int stage, Instant dueAt) {
        ConsumerRecord<String, String> record = new ConsumerRecord<>("webhook.deliveries-retry-" + (stage - 2), 0, 7L,
                timestamp.toEpochMilli(), TimestampType.CREATE_TIME, 12, 13, "subscription", "{\"payload\":1}",
                new RecordHeaders(), Optional.empty());
        record.headers().add(RetrySchedule.STAGE_HEADER, ByteBuffer.allocate(Integer.BYTES).putInt(stage).array());
        record.headers().add(RetrySchedule.DUE_AT_HEADER, RetrySchedule.encode(dueAt));
        return record;
    }

    /** The forwarded record as the next topic's consumer reads it. */
    private static ConsumerRecord<String, String> consumed(ProducerRecord<String, String> produced) {
        ConsumerRecord<String, String> record = new ConsumerRecord<>(produced.topic(), 0, 0L, produced.key(), produced.value());
        produced.headers().forEach(header -> record.headers().add(header));
        return record;
    }
}
