package com.holidaylistings.integration.dispatcher.intake;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.stereotype.Component;

/**
 * Deliveries finish in any order, but a partition's offset may only move past records that are
 * done. This keeps, per partition, the records in flight in offset order and, as soon as the oldest
 * is done, acknowledges the last of the done records that follow it without a gap (a commit covers
 * every offset before it). Consumption never waits on a slow delivery: a record in flight holds back
 * only the commit, and after a crash at most the records behind it are delivered again (the rows
 * stop repeats of finished ones).
 *
 * <p>What it keeps stays bounded by the records not yet done, however long one of them holds the
 * commit back (an owner's delivery waiting minutes in its lane while thousands behind it finish): of
 * a run of done records only the first and the last are kept, and only the last keeps its
 * acknowledgment (which holds the whole consumer record).
 */
@Component
class InOrderAcks {

    private static final class Entry {
        Acknowledgment ack;
        boolean done;

        Entry(Acknowledgment ack) {
            this.ack = ack;
        }
    }

    private final Map<TopicPartition, TreeMap<Long, Entry>> partitions = new ConcurrentHashMap<>();

    void started(ConsumerRecord<?, ?> record, Acknowledgment ack) {
        TreeMap<Long, Entry> entries = partitions.computeIfAbsent(partitionOf(record), p -> new TreeMap<>());
        synchronized (entries) {
            entries.put(record.offset(), new Entry(ack));
        }
    }

    void finished(ConsumerRecord<?, ?> record) {
        TreeMap<Long, Entry> entries = partitions.get(partitionOf(record));
        if (entries == null) {
            return; // the partition was revoked meanwhile: its new owner delivers from the committed offset
        }
        synchronized (entries) {
            long offset = record.offset();
            Entry entry = entries.get(offset);
            if (entry == null || entry.done) {
                return;
            }
            entry.done = true;
            Map.Entry<Long, Entry> before = entries.lowerEntry(offset);
            Map.Entry<Long, Entry> after = entries.higherEntry(offset);
            if (after != null && after.getValue().done) {
                entry.ack = null; // a later done record's acknowledgment covers this one
            }
            if (before != null && before.getValue().done) {
                before.getValue().ack = null;
                dropIfInsideARun(entries, before.getKey());
            }
            if (after != null) {
                dropIfInsideARun(entries, after.getKey());
            }
            dropIfInsideARun(entries, offset);
            acknowledgeDoneHead(entries);
        }
    }

    /** A done record between two done ones is not needed to find where its run begins or ends. */
    private static void dropIfInsideARun(TreeMap<Long, Entry> entries, long offset) {
        Entry entry = entries.get(offset);
        Map.Entry<Long, Entry> before = entries.lowerEntry(offset);
        Map.Entry<Long, Entry> after = entries.higherEntry(offset);
        if (entry != null
                && entry.done
                && before != null
                && before.getValue().done
                && after != null
                && after.getValue().done) {
            entries.remove(offset);
        }
    }

    private static void acknowledgeDoneHead(TreeMap<Long, Entry> entries) {
        Entry last = null;
        Map.Entry<Long, Entry> head;
        while ((head = entries.firstEntry()) != null && head.getValue().done) {
            last = entries.pollFirstEntry().getValue();
        }
        if (last != null) {
            last.ack.acknowledge();
        }
    }

    /** Partitions taken away from this consumer: what is still in flight there must not be committed by us. */
    void revoked(Collection<TopicPartition> revoked) {
        revoked.forEach(partitions::remove);
    }

    /** The records kept: those not done, and the ends of the runs of done ones behind them. */
    int inFlight() {
        return partitions.values().stream()
                .mapToInt(entries -> {
                    synchronized (entries) {
                        return entries.size();
                    }
                })
                .sum();
    }

    private static TopicPartition partitionOf(ConsumerRecord<?, ?> record) {
        return new TopicPartition(record.topic(), record.partition());
    }
}
