package com.holidaylistings.integration.ingest;

import com.holidaylistings.integration.events.EnquiryEvents;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads a whole topic ({@code enquiry.created} unless told) from the beginning, as an independent consumer would. */
public final class TopicReader implements AutoCloseable {

    private final KafkaConsumer<String, String> consumer;
    private final String topic;
    private final List<ConsumerRecord<String, String>> records = new ArrayList<>();

    public TopicReader() {
        this(EnquiryEvents.TOPIC);
    }

    public TopicReader(String topic) {
        this.topic = topic;
        consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                IngestTestBed.kafka(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed"));
    }

    /** Polls once (assigning every partition that exists by now) and returns all records read so far. */
    public List<ConsumerRecord<String, String>> poll() {
        List<TopicPartition> partitions;
        try {
            partitions = consumer.partitionsFor(topic, Duration.ofSeconds(5)).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .toList();
        } catch (TimeoutException e) {
            return List.copyOf(records); // the topic does not exist yet
        }
        if (partitions.isEmpty()) {
            return List.copyOf(records);
        }
        if (!Set.copyOf(consumer.assignment()).equals(Set.copyOf(partitions))) {
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            records.clear();
        }
        consumer.poll(Duration.ofMillis(500)).forEach(records::add);
        return List.copyOf(records);
    }

    /** The records for these enquiries among everything read so far. */
    public List<ConsumerRecord<String, String>> of(Set<UUID> enquiryIds) {
        Set<String> keys = enquiryIds.stream().map(UUID::toString).collect(Collectors.toSet());
        return poll().stream().filter(record -> keys.contains(record.key())).toList();
    }

    @Override
    public void close() {
        consumer.close();
    }
}
