package com.holidaylistings.integration.system;

import com.holidaylistings.integration.stack.Api;
import com.holidaylistings.integration.stack.Stack;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import tools.jackson.databind.JsonNode;

/**
 * The topic {@code webhook.operational} of the stack, read from the start as the listing site's
 * notification service would read it; the records of one hook are those keyed by its id.
 */
final class OperationalTopic implements AutoCloseable {

    static final String NAME = "webhook.operational";

    private final KafkaConsumer<String, String> consumer;
    private final List<ConsumerRecord<String, String>> read = new ArrayList<>();

    OperationalTopic() {
        Map<String, Object> config = new HashMap<>(Stack.kafkaClient("downstream")); // as another team's consumer would
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        consumer = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer());
        List<TopicPartition> partitions = consumer.partitionsFor(NAME, Duration.ofSeconds(30)).stream()
                .map(info -> new TopicPartition(info.topic(), info.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
    }

    /** The values of the hook's events read so far, in the order read. */
    List<JsonNode> of(String hookId) {
        consumer.poll(Duration.ofMillis(500)).forEach(read::add);
        return read.stream()
                .filter(record -> hookId.equals(record.key()))
                .map(record -> Api.JSON.readTree(record.value()))
                .toList();
    }

    /** The types of the hook's events, in the order read. */
    List<String> types(String hookId) {
        return of(hookId).stream().map(event -> event.get("type").asString()).toList();
    }

    @Override
    public void close() {
        consumer.close();
    }
}
