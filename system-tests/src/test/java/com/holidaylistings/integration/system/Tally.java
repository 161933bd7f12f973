package com.holidaylistings.integration.system;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.stack.Stack;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Where every enquiry of a run ended up: accepted by the intake, published on
 * {@code enquiry.created}, and for each subscription (a target path on the receiver) delivered at
 * least once, abandoned by the dispatcher, or missing, which is a loss.
 */
record Tally(int accepted, int published, int expected, int delivered, int abandoned, int duplicates, int missing) {

    /** One delivery the run expects: an enquiry to a subscription, named by its target path. */
    private record Pair(String path, UUID enquiryId) {}

    /**
     * Waits until every accepted enquiry is delivered or abandoned for every subscription in
     * {@code hooks} (target path → subscription id), then prints and answers the tally; fails with
     * the tally when some are still missing after {@code deadline}.
     */
    static Tally awaitSettled(
            String run,
            Set<UUID> accepted,
            WebhookReceiver receiver,
            Map<String, UUID> hooks,
            long sinceMillis,
            Duration deadline) {
        long giveUpAt = System.nanoTime() + deadline.toNanos();
        while (!missing(accepted, receiver, hooks, false).isEmpty() && System.nanoTime() < giveUpAt) {
            LockSupport.parkNanos(Duration.ofMillis(500).toNanos());
        }
        Set<Pair> expected = expected(accepted, hooks);
        List<Pair> received = receiver.deliveries().stream()
                .map(delivery -> new Pair(delivery.path(), delivery.enquiryId()))
                .filter(expected::contains)
                .toList();
        Set<Pair> delivered = new HashSet<>(received);
        Set<Pair> abandoned = abandoned(hooks);
        abandoned.retainAll(expected);
        Set<String> published = published(sinceMillis);
        Tally tally = new Tally(
                accepted.size(),
                (int) accepted.stream()
                        .filter(id -> published.contains(id.toString()))
                        .count(),
                expected.size(),
                delivered.size(),
                abandoned.size(),
                received.size() - delivered.size(),
                missing(accepted, receiver, hooks, true).size());
        System.out.printf("%n%s: %s%n%n", run, tally);
        if (tally.missing() > 0) {
            throw new AssertionError(run + ": " + tally.missing() + " deliveries lost (" + tally + ")");
        }
        return tally;
    }

    @Override
    public String toString() {
        return "accepted=%d published=%d expected deliveries=%d delivered=%d abandoned=%d duplicates=%d missing=%d"
                .formatted(accepted, published, expected, delivered, abandoned, duplicates, missing);
    }

    private static Set<Pair> expected(Set<UUID> accepted, Map<String, UUID> hooks) {
        Set<Pair> expected = new HashSet<>();
        hooks.keySet().forEach(path -> accepted.forEach(enquiry -> expected.add(new Pair(path, enquiry))));
        return expected;
    }

    private static Set<Pair> missing(
            Set<UUID> accepted, WebhookReceiver receiver, Map<String, UUID> hooks, boolean always) {
        Set<Pair> missing = expected(accepted, hooks);
        receiver.deliveries().forEach(delivery -> missing.remove(new Pair(delivery.path(), delivery.enquiryId())));
        if (!missing.isEmpty() || always) {
            missing.removeAll(abandoned(hooks));
        }
        return missing;
    }

    /** The deliveries to {@code hooks} that the dispatcher abandoned, from their rows. */
    private static Set<Pair> abandoned(Map<String, UUID> hooks) {
        Map<UUID, String> paths = new HashMap<>();
        hooks.forEach((path, hook) -> paths.put(hook, path));
        Set<Pair> pairs = new HashSet<>();
        try (Connection db = DriverManager.getConnection(
                        Stack.setting("JDBC_URL"), Stack.setting("JDBC_USERNAME"), Stack.setting("JDBC_PASSWORD"));
                PreparedStatement query = db.prepareStatement("""
                     select subscription_id, enquiry_id from deliveries
                     where subscription_id = any (?) and status = 'abandoned'""")) {
            query.setArray(1, db.createArrayOf("uuid", paths.keySet().toArray()));
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    pairs.add(new Pair(paths.get(rows.getObject(1, UUID.class)), rows.getObject(2, UUID.class)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return pairs;
    }

    /** The keys (enquiry ids) of the records on {@code enquiry.created} since {@code sinceMillis}. */
    private static Set<String> published(long sinceMillis) {
        Properties config = new Properties();
        config.putAll(Stack.kafkaClient("downstream"));
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        Set<String> keys = new HashSet<>();
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor("enquiry.created").stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .toList();
            consumer.assign(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            Map<TopicPartition, Long> query = new HashMap<>();
            partitions.forEach(partition -> query.put(partition, sinceMillis));
            consumer.offsetsForTimes(query)
                    .forEach((partition, offset) ->
                            consumer.seek(partition, offset == null ? end.get(partition) : offset.offset()));
            long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
            while (partitions.stream().anyMatch(partition -> consumer.position(partition) < end.get(partition))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("could not read enquiry.created to its end within a minute");
                }
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    if (record.key() != null) {
                        keys.add(record.key());
                    }
                }
            }
        }
        return keys;
    }

    /** The deliveries whose Standard Webhooks signature is not the owner's. */
    static long invalidSignatures(WebhookReceiver receiver, String webhookSecret) {
        return receiver.deliveries().stream()
                .filter(delivery -> !delivery.signedWith(webhookSecret))
                .count();
    }
}
