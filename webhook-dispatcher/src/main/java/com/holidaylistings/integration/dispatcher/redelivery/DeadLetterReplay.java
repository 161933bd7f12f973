package com.holidaylistings.integration.dispatcher.redelivery;

import com.holidaylistings.integration.dispatcher.delivery.DeliveryRequest;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Replays the dead-letter topic: reads {@code webhook.deliveries-dlt} in the consumer group
 * {@code webhook-dispatcher.dlt-replay}, from its committed offsets up to the end offsets of the
 * moment of the call, and puts each dead letter back on {@code webhook.deliveries} with the full
 * retry schedule, the same webhook-id and its attempt numbers continuing the log. The group's
 * offsets are committed once Kafka has acknowledged the sends, so a second replay takes only
 * newer dead letters. A replay of one subscription commits nothing: the other subscriptions'
 * dead letters it passed over are still to be replayed. Dead letters whose event was delivered
 * again since (see {@link DeadLetter#replayAfter}) are skipped, so overlapping replays and
 * redeliveries do not double up. One replay runs at a time across all replicas.
 */
@Component
class DeadLetterReplay {

    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration STALLED = Duration.ofSeconds(30);
    private static final Logger log = LoggerFactory.getLogger(DeadLetterReplay.class);

    /** What a replay did. */
    record Replayed(int replayed, int skipped) {}

    /** Another replay holds the lock. */
    static class AlreadyRunning extends RuntimeException {
        AlreadyRunning() {
            super("A dead-letter replay is already running", null, false, false);
        }
    }

    private final ConsumerFactory<Object, Object> consumers;
    private final Requeue requeue;
    private final FailedDeliveries failedDeliveries;
    private final JdbcTemplate jdbc;
    private final JsonMapper json;
    private final String groupId;
    private final long replayLock;

    DeadLetterReplay(ConsumerFactory<Object, Object> consumers, Requeue requeue, FailedDeliveries failedDeliveries,
            JdbcTemplate jdbc, JsonMapper json, @Value("${spring.kafka.consumer.group-id}") String group,
            RedeliveryProperties properties) {
        this.consumers = consumers;
        this.requeue = requeue;
        this.failedDeliveries = failedDeliveries;
        this.jdbc = jdbc;
        this.json = json;
        this.groupId = group + ".dlt-replay";
        this.replayLock = properties.replayLockKey();
    }

    /** Replays the dead letters not replayed yet, of all subscriptions or only of {@code subscriptionId}. */
    Replayed replay(@Nullable UUID subscriptionId) {
        return jdbc.execute((ConnectionCallback<Replayed>) connection -> {
            try (var lock = connection.prepareStatement("select pg_try_advisory_lock(?)")) {
                lock.setLong(1, replayLock);
                try (var result = lock.executeQuery()) {
                    if (!result.next() || !result.getBoolean(1)) {
                        throw new AlreadyRunning();
                    }
                }
            }
            try {
                return replayUpToTheEnd(subscriptionId);
            } finally {
                try (var unlock = connection.prepareStatement("select pg_advisory_unlock(?)")) {
                    unlock.setLong(1, replayLock);
                    unlock.execute();
                }
            }
        });
    }

    private Replayed replayUpToTheEnd(@Nullable UUID subscriptionId) {
        Properties settings = new Properties();
        settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        settings.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        try (Consumer<Object, Object> consumer = consumers.createConsumer(groupId, null, "-replay", settings)) {
            List<TopicPartition> partitions = consumer.partitionsFor(RetrySchedule.DEAD_LETTERS).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .toList();
            consumer.assign(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            Set<TopicPartition> open = new HashSet<>();
            for (TopicPartition partition : partitions) {
                if (consumer.position(partition) < end.get(partition)) {
                    open.add(partition);
                }
            }
            consumer.pause(partitions.stream().filter(partition -> !open.contains(partition)).toList());
            int replayed = 0;
            int skipped = 0;
            Instant progressAt = Instant.now();
            while (!open.isEmpty()) {
                ConsumerRecords<Object, Object> records = consumer.poll(POLL);
                List<CompletableFuture<?>> sends = new ArrayList<>();
                for (ConsumerRecord<Object, Object> record : records) {
                    TopicPartition partition = new TopicPartition(record.topic(), record.partition());
                    Optional<DeadLetter> letter = record.offset() < end.get(partition) ? read(record) : Optional.empty();
                    if (letter.isEmpty() || (subscriptionId != null
                            && !subscriptionId.equals(letter.get().delivery().subscriptionId()))) {
                        continue;
                    }
                    DeliveryRequest delivery = letter.get().delivery();
                    Optional<DeliveryRequest> again = letter.get()
                            .replayAfter(failedDeliveries.lastAttempt(delivery.subscription(), delivery.enquiry()));
                    if (again.isPresent()) {
                        sends.add(requeue.send(again.get(), Requeue.Source.DEAD_LETTER_REPLAY));
                        replayed++;
                    } else {
                        skipped++;
                    }
                }
                Requeue.awaitAcks(sends);
                Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
                for (TopicPartition partition : List.copyOf(open)) {
                    long position = Math.min(consumer.position(partition), end.get(partition));
                    done.put(partition, new OffsetAndMetadata(position));
                    if (position >= end.get(partition)) {
                        open.remove(partition);
                        consumer.pause(List.of(partition));
                    }
                }
                if (!records.isEmpty()) {
                    progressAt = Instant.now();
                    if (subscriptionId == null) {
                        consumer.commitSync(done);
                    }
                } else if (Instant.now().isAfter(progressAt.plus(STALLED))) {
                    throw new IllegalStateException("No dead letters could be read for " + STALLED + "; "
                            + replayed + " replayed so far");
                }
            }
            log.info("Dead-letter replay{}: {} replayed, {} skipped (delivered again since)",
                    subscriptionId == null ? "" : " of subscription " + subscriptionId, replayed, skipped);
            return new Replayed(replayed, skipped);
        }
    }

    private Optional<DeadLetter> read(ConsumerRecord<Object, Object> record) {
        try {
            DeliveryRequest delivery = json.readValue(String.valueOf(record.value()), DeliveryRequest.class);
            return Optional.of(DeadLetter.of(delivery, record));
        } catch (JacksonException | IllegalArgumentException e) {
            log.error("Unreadable dead letter {}-{}@{} skipped", record.topic(), record.partition(), record.offset(), e);
            return Optional.empty();
        }
    }
}
