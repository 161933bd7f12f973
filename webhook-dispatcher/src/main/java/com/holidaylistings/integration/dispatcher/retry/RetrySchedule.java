package com.holidaylistings.integration.dispatcher.retry;

import com.holidaylistings.integration.dispatcher.DeliveryTopics;
import com.holidaylistings.integration.events.delivery.DeliveryOutcome;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
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
 * a retry is due (a receiver's Retry-After included), and the headers that carry all this on a record.
 *
 * <p>Stages are 1-based: stage 1 is the first attempt, stage n + 1 the retry after delay n. The
 * attempt log numbers attempts on from there when an event is delivered again (see
 * {@code DeliveryRequest.attemptNumber}).
 */
public final class RetrySchedule {

    // The header names and encodings are those of the records already written, which keep reading the same.
    static final String STAGE_HEADER = "retry_topic-attempts";
    static final String DUE_AT_HEADER = "retry_topic-backoff-timestamp";
    static final String NOT_BEFORE_HEADER = "webhook-not-before";
    static final String FAILURE_HEADER = "webhook-failure";
    private static final String RETRY_TOPIC_PREFIX = DeliveryTopics.DELIVERIES + "-retry-";

    /** Where deliveries wait after their last retry failed, for an operator's replay. */
    public static final String DEAD_LETTERS = DeliveryTopics.DELIVERIES + "-dlt";

    /** One stage of the schedule: the topic its records wait in and the consumer group that reads it. */
    public record Stage(int number, String topic, String groupSuffix, Duration delayBefore) {}

    /**
     * What follows a failed attempt: {@code outcome} is FAILED when a retry follows, due at
     * {@code dueAt} (and not before {@code notBefore} when the receiver asked for a longer wait),
     * or ABANDONED after the last.
     */
    public record AfterFailure(DeliveryOutcome outcome, int nextStage, Instant dueAt, Instant notBefore) {

        public boolean abandoned() {
            return outcome == DeliveryOutcome.ABANDONED;
        }

        /** When the next attempt will start, as the attempt log shows it; null when abandoned. */
        public Instant nextAttemptAt() {
            return notBefore != null ? notBefore : dueAt;
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
        stages.add(new Stage(1, DeliveryTopics.DELIVERIES, ".deliveries", Duration.ZERO));
        for (int retry = 0; retry < delays.size(); retry++) {
            String topic = RETRY_TOPIC_PREFIX + retry;
            stages.add(new Stage(retry + 2, topic, ".deliveries-retry-" + retry, delays.get(retry)));
        }
        return stages;
    }

    /** Every topic a delivery may be in: each stage's, then the dead letters. */
    public List<String> topics() {
        List<String> topics = new ArrayList<>(stages().stream().map(Stage::topic).toList());
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

    /**
     * The record that carries a failed delivery on: to the next stage's topic, or to the dead
     * letters. Same key and value; the failed record's own retry headers are replaced, the others kept.
     */
    public ProducerRecord<String, String> forward(ConsumerRecord<String, String> failed, AfterFailure next, String reason) {
        String topic = next.abandoned() ? DEAD_LETTERS : RETRY_TOPIC_PREFIX + (next.nextStage() - 2);
        ProducerRecord<String, String> forwarded = new ProducerRecord<>(topic, failed.key(), failed.value());
        for (Header header : failed.headers()) {
            if (!isRetryHeader(header.key())) {
                forwarded.headers().add(header);
            }
        }
        forwarded.headers().add(STAGE_HEADER, ByteBuffer.allocate(Integer.BYTES).putInt(next.nextStage()).array());
        forwarded.headers().add(FAILURE_HEADER, reason.getBytes(StandardCharsets.UTF_8));
        if (next.dueAt() != null) {
            forwarded.headers().add(DUE_AT_HEADER, encode(next.dueAt()));
        }
        if (next.notBefore() != null) {
            forwarded.headers().add(NOT_BEFORE_HEADER, encode(next.notBefore()));
        }
        return forwarded;
    }

    /**
     * The record's stage: 1 for a first attempt, then one more per retry topic; on the dead
     * letters, one more than the stage that was abandoned.
     */
    public static int stageOf(ConsumerRecord<?, ?> record) {
        Header header = record.headers().lastHeader(STAGE_HEADER);
        if (header == null) {
            return 1;
        }
        byte[] value = header.value();
        // 4-byte ints are what this class writes; big-endian BigInteger bytes are what the first version's records hold.
        return value.length == Integer.BYTES ? ByteBuffer.wrap(value).getInt() : new BigInteger(value).intValue();
    }

    /** The stage of a dead letter's abandoned attempt; null when the record does not say. */
    public static Integer abandonedStage(ConsumerRecord<?, ?> deadLetter) {
        return deadLetter.headers().lastHeader(STAGE_HEADER) == null ? null : stageOf(deadLetter) - 1;
    }

    /** When the schedule made this record due; null for a first attempt. */
    public static Instant dueAt(ConsumerRecord<?, ?> record) {
        return instant(record, DUE_AT_HEADER);
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

    /** When the receiver asked not to be tried before; null unless it asked for more than the schedule. */
    public static Instant notBefore(ConsumerRecord<?, ?> record) {
        return instant(record, NOT_BEFORE_HEADER);
    }


    private static boolean isRetryHeader(String name) {
        return name.startsWith("retry_topic-") || name.startsWith("webhook-");
    }

    private static Instant instant(ConsumerRecord<?, ?> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : Instant.ofEpochMilli(new BigInteger(header.value()).longValue());
    }

    /** Timestamps are the big-endian bytes of a BigInteger of epoch milliseconds, as the first version wrote them. */
    static byte[] encode(Instant instant) {
        return BigInteger.valueOf(instant.toEpochMilli()).toByteArray();
    }
}
