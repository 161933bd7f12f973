package com.holidaylistings.integration.dispatcher.operational;

import com.holidaylistings.integration.testsupport.TestKafka;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads {@code webhook.operational} from the start, as a consumer of the listing site would, keeping every record. */
final class OperationalTopicReader implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** One record as read. */
    record Event(String key, Map<String, String> headers, JsonNode value) {

        String type() {
            return value.get("type").asString();
        }
    }

    private final KafkaConsumer<String, String> consumer;
    private final List<Event> read = new ArrayList<>();

    OperationalTopicReader() {
        consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                TestKafka.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false));
        List<TopicPartition> partitions = consumer.partitionsFor(OperationalTopic.NAME, Duration.ofSeconds(30)).stream()
                .map(info -> new TopicPartition(info.topic(), info.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
    }

    /** Every record of the hook read so far, in the order read. */
    synchronized List<Event> of(String hookId) {
        for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
            Map<String, String> headers = new java.util.LinkedHashMap<>();
            for (Header header : record.headers()) {
                headers.put(header.key(), new String(header.value(), StandardCharsets.UTF_8));
            }
            read.add(new Event(record.key(), headers, JSON.readTree(record.value())));
        }
        return read.stream().filter(event -> hookId.equals(event.key())).toList();
    }

    /** The types of the hook's events, in the order read. */
    List<String> types(String hookId) {
        return of(hookId).stream().map(Event::type).toList();
    }

    Set<String> allTypes() {
        Set<String> types = new TreeSet<>();
        read.forEach(event -> types.add(event.type()));
        return types;
    }

    @Override
    public synchronized void close() {
        consumer.close();
    }
}
