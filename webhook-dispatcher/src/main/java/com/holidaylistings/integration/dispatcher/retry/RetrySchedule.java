package com.holidaylistings.integration.dispatcher.retry;

import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import com.holidaylistings.integration.dispatcher.DeliveryTopics;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;

/**
 * The retry schedule, and everything that follows from it, in one place: the stages a delivery
 * goes through ({@code webhook.deliveries}, then {@code webhook.deliveries-retry-0} … one topic per
 * delay of {@code WEBHOOK_RETRY_DELAYS}, named by position so that names stay valid when the delays
 * change), the dead-letter topic after the last, which attempt is abandoned rather than failed, when
 * a retry is due (a receiver's Retry-After included), and the headers that carry the stage and the due
 * time on a record (a 4-byte int and 8 bytes of epoch milliseconds).
 *
 * <p>Stages are 1-based: stage 1 is the first attempt, stage n + 1 the retry after delay n. A delivery
 * asked for again starts at stage 1 while its attempts keep counting on its row.
 */
public final class RetrySchedule {

    static final String STAGE_HEADER = "webhook-stage";
    static final String DUE_AT_HEADER = "webhook-due-at";
    private static final String RETRY_TOPIC_PREFIX = DeliveryTopics.DELIVERIES + "-retry-";

    /** Where deliveries wait after their last retry failed, for an operator's replay. */
    public static final String DEAD_LETTERS = DeliveryTopics.DELIVERIES + "-dlt";

    /** One stage of the schedule: the topic its records wait in. */
    public record Stage(int number, String topic, Duration delayBefore) {

        /** A retry's stage, whose records wait until they are due: every stage after the first attempt's. */
        public boolean retry() {
            return number > 1;
        }
    }

    /**
     * What follows a failed attempt: {@code outcome} is FAILED when a retry follows, due at
     * {@code dueAt} (or at {@code notBefore}, on the delivery's row, when the receiver asked for a
     * longer wait), or ABANDONED after the last.
     */
    public record AfterFailure(DeliveryOutcome outcome, int nextStage, Instant dueAt, Instant notBefore) {

        public boolean abandoned() {
            return outcome == DeliveryOutcome.ABANDONED;
        }
    }

    private final List<Duration> delays;

    public RetrySchedule(List<Duration> delays) {
        if (delays.isEmpty()) {
            throw new IllegalArgumentException("The retry schedule needs at least one delay");
        }
        this.delays = List.copyOf(delays);
    }

    /** Attempts in all: the first and one per delay. */
    public int attempts() {
        return delays.size() + 1;
    }

    /** Every stage, the first attempt's included, in order. */
    public List<Stage> stages() {
        List<Stage> stages = new ArrayList<>(attempts());
        stages.add(new Stage(1, DeliveryTopics.DELIVERIES, Duration.ZERO));
        for (int retry = 0; retry < delays.size(); retry++) {
            String topic = RETRY_TOPIC_PREFIX + retry;
            stages.add(new Stage(retry + 2, topic, delays.get(retry)));
        }
        return stages;
    }

    /** Every topic a delivery may be in: each stage's, then the dead letters. */
    public List<String> topics() {
        List<String> topics =
                new ArrayList<>(stages().stream().map(Stage::topic).toList());
        topics.add(DEAD_LETTERS);
        return topics;
    }

    /**
     * What follows the failure of the attempt at {@code stage}, which ended at {@code failedAt}. A
     * receiver that answered 429 or 503 with Retry-After is retried no earlier than it asked, but no
     * later than twice the scheduled delay: a receiver cannot park its deliveries for days.
     */
    public AfterFailure afterFailure(int stage, Instant failedAt, Integer httpStatus, Duration retryAfter) {
        if (stage > delays.size()) {
            return new AfterFailure(DeliveryOutcome.ABANDONED, stage + 1, null, null);
        }
        Duration scheduled = delays.get(stage - 1);
        Duration asked = delayAsked(scheduled, httpStatus, retryAfter);
        Instant notBefore = asked.compareTo(scheduled) > 0 ? failedAt.plus(asked) : null;
        return new AfterFailure(DeliveryOutcome.FAILED, stage + 1, failedAt.plus(scheduled), notBefore);
    }

    static Duration delayAsked(Duration scheduled, Integer httpStatus, Duration retryAfter) {
        boolean asksToWait = httpStatus != null && (httpStatus == 429 || httpStatus == 503);
        if (!asksToWait || retryAfter == null || retryAfter.compareTo(scheduled) <= 0) {
            return scheduled;
        }
        Duration cap = scheduled.multipliedBy(2);
        return retryAfter.compareTo(cap) > 0 ? cap : retryAfter;
    }

    /** The topic of the record that carries a failed delivery on: the next stage's, or the dead letters. */
    public String topicAfter(AfterFailure next) {
        return next.abandoned() ? DEAD_LETTERS : RETRY_TOPIC_PREFIX + (next.nextStage() - 2);
    }

    /** Marks {@code record} with its stage of the schedule and, for a retry, when it falls due. */
    public static <K, V> ProducerRecord<K, V> stamped(ProducerRecord<K, V> record, int stage, Instant dueAt) {
        record.headers()
                .add(
                        STAGE_HEADER,
                        ByteBuffer.allocate(Integer.BYTES).putInt(stage).array());
        if (dueAt != null) {
            record.headers()
                    .add(
                            DUE_AT_HEADER,
                            ByteBuffer.allocate(Long.BYTES)
                                    .putLong(dueAt.toEpochMilli())
                                    .array());
        }
        return record;
    }

    /** The record's stage: 1 for a first attempt, then one more per retry topic; on the dead letters, one more than the last. */
    public static int stageOf(ConsumerRecord<?, ?> record) {
        Header header = record.headers().lastHeader(STAGE_HEADER);
        return header == null ? 1 : ByteBuffer.wrap(header.value()).getInt();
    }

    /** When the schedule made this record due; null for a first attempt. */
    public static Instant dueAt(ConsumerRecord<?, ?> record) {
        Header header = record.headers().lastHeader(DUE_AT_HEADER);
        return header == null
                ? null
                : Instant.ofEpochMilli(ByteBuffer.wrap(header.value()).getLong());
    }

    /**
     * When this record is due under the schedule as it is now: the due time it was given when it
     * failed, or sooner when its stage's delay has been shortened since (counted from when it was
     * forwarded, the record's timestamp). Records waiting in a stage then fall due in the order they
     * wait, whatever delays they were given, so none holds back the newer ones behind it for longer
     * than the stage's delay; a longer delay applies to later failures only. Null for a first attempt.
     */
    public Instant effectiveDueAt(ConsumerRecord<?, ?> record) {
        Instant given = dueAt(record);
        int retry = stageOf(record) - 2;
        if (given == null || retry < 0 || retry >= delays.size() || record.timestamp() < 0) {
            return given;
        }
        Instant byTodaysDelay = Instant.ofEpochMilli(record.timestamp()).plus(delays.get(retry));
        return byTodaysDelay.isBefore(given) ? byTodaysDelay : given;
    }
}
