package com.holidaylistings.integration.dispatcher.delivery;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.stereotype.Component;

/**
 * Deliveries finish in any order, but a partition's offset may only move past records that are
 * done. This keeps, per partition, the records in flight in offset order and acknowledges each as
 * soon as it and every record before it are done. Consumption never waits on a slow delivery: a
 * record in flight holds back only the commit, and after a crash at most the records behind it
 * are delivered again (the attempt log stops repeats of successful ones).
 */
@Component
class InOrderAcks {

    private static final class InFlight {
        final Acknowledgment ack;
        volatile boolean done;

        InFlight(Acknowledgment ack) {
            this.ack = ack;
        }
    }

    private final Map<TopicPartition, ConcurrentSkipListMap<Long, InFlight>> partitions = new ConcurrentHashMap<>();

    void started(ConsumerRecord<?, ?> record, Acknowledgment ack) {
        partitions.computeIfAbsent(partitionOf(record), p -> new ConcurrentSkipListMap<>())
                .put(record.offset(), new InFlight(ack));
    }

    void finished(ConsumerRecord<?, ?> record) {
        ConcurrentSkipListMap<Long, InFlight> inFlight = partitions.get(partitionOf(record));
        if (inFlight == null) {
            return; // the partition was revoked meanwhile: its new owner delivers from the committed offset
        }
        InFlight entry = inFlight.get(record.offset());
        if (entry == null) {
            return;
        }
        entry.done = true;
        synchronized (inFlight) {
            Map.Entry<Long, InFlight> head;
            while ((head = inFlight.firstEntry()) != null && head.getValue().done) {
                inFlight.remove(head.getKey());
                head.getValue().ack.acknowledge();
            }
        }
    }

    /** Partitions taken away from this consumer: what is still in flight there must not be committed by us. */
    void revoked(Collection<TopicPartition> revoked) {
        revoked.forEach(partitions::remove);
    }

    int inFlight() {
        return partitions.values().stream().mapToInt(Map::size).sum();
    }

    private static TopicPartition partitionOf(ConsumerRecord<?, ?> record) {
        return new TopicPartition(record.topic(), record.partition());
    }
}
