package com.holidaylistings.integration.dispatcher.retry;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * Holds the records of a retry topic until they are due, without blocking the consumer: a record
 * read before its due time is sought back to, its partition is paused until then, and the records
 * behind it in the same poll are passed over (they are read again after it). A retry topic's
 * records all wait the same delay (the schedule's delay of today: {@link RetrySchedule#effectiveDueAt}),
 * so a partition's records fall due in order and the first one not due holds back only those behind
 * it. The container's other partitions keep flowing.
 * Called on the consumer's thread; one hold per listener container.
 */
public final class DueTimeHold {

    private final RetrySchedule schedule;
    private final ScheduledExecutorService resumes;
    private final Map<TopicPartition, Long> heldAt = new ConcurrentHashMap<>();
    private volatile MessageListenerContainer container;

    public DueTimeHold(RetrySchedule schedule, ScheduledExecutorService resumes) {
        this.schedule = schedule;
        this.resumes = resumes;
    }

    /** The container whose partitions this hold pauses; set once it is made. */
    public void pausing(MessageListenerContainer container) {
        this.container = container;
    }

    /** Whether {@code record} must wait: then it is not processed now, and is read again once due. */
    public boolean holds(ConsumerRecord<?, ?> record, Consumer<?, ?> consumer) {
        TopicPartition partition = new TopicPartition(record.topic(), record.partition());
        Long held = heldAt.get(partition);
        if (held != null) {
            if (record.offset() > held) {
                return true;
            }
            heldAt.remove(partition); // the held record is back, or the partition was read again from earlier
        }
        Instant dueAt = schedule.effectiveDueAt(record);
        long wait = dueAt == null ? 0 : Duration.between(Instant.now(), dueAt).toMillis();
        if (wait <= 0) {
            return false;
        }
        heldAt.put(partition, record.offset());
        consumer.seek(partition, record.offset());
        container.pausePartition(partition);
        resumes.schedule(() -> container.resumePartition(partition), wait, TimeUnit.MILLISECONDS);
        return true;
    }

    /** Partitions taken away: whoever reads them next starts from the committed offset. */
    public void forget(Collection<TopicPartition> revoked) {
        revoked.forEach(heldAt::remove);
    }
}
