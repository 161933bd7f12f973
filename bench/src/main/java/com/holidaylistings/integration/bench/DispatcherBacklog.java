package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.events.EnquiryEvents;
import com.holidaylistings.integration.stack.Stack;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * webhook-dispatcher's unfinished work, from Kafka: for each of its consumer groups, the records of
 * its topic that the group has not committed yet (end offset − committed offset). The dispatcher
 * commits a delivery record once its attempt is stored and, if it failed, moved on, so a group with
 * nothing uncommitted has nothing left to do: {@code enquiry.created} (the fan-out),
 * {@code webhook.deliveries} (first attempts) and each retry topic ({@code -retry-0} …, records
 * waiting until due count too).
 */
final class DispatcherBacklog implements AutoCloseable {

    private static final String GROUP = "webhook-dispatcher";
    private static final String DELIVERIES = "webhook.deliveries";

    private final Admin admin = Admin.create(adminConfig());

    private static Map<String, Object> adminConfig() {
        Map<String, Object> config = new HashMap<>(Stack.kafkaClient("admin")); // an operator's view of the groups
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
        return config;
    }

    /**
     * Uncommitted records by stage: "fan-out", "first attempts", "retry 1" … for the retry stages of
     * {@code retryDelays} (the dispatcher's WEBHOOK_RETRY_DELAYS) no longer than {@code longestDelay}.
     */
    Map<String, Long> byStage(List<Duration> retryDelays, Duration longestDelay) {
        Map<String, Long> stages = new LinkedHashMap<>();
        groups(retryDelays, longestDelay)
                .forEach((stage, groupAndTopic) -> stages.put(stage, uncommitted(groupAndTopic[0], groupAndTopic[1])));
        return stages;
    }

    /**
     * The stages of {@link #byStage} whose consumer group has no member: no dispatcher consumes them
     * (a listener container that stopped on an error, say), so their records wait for a restart.
     */
    List<String> withoutConsumer(List<Duration> retryDelays, Duration longestDelay) {
        Map<String, String[]> groups = groups(retryDelays, longestDelay);
        try {
            Map<String, ConsumerGroupDescription> described = admin.describeConsumerGroups(groups.values().stream()
                            .map(groupAndTopic -> groupAndTopic[0])
                            .toList())
                    .all()
                    .get();
            List<String> idle = new ArrayList<>();
            groups.forEach((stage, groupAndTopic) -> {
                ConsumerGroupDescription group = described.get(groupAndTopic[0]);
                if (group == null || group.members().isEmpty()) {
                    idle.add(stage);
                }
            });
            return idle;
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not describe the dispatcher's consumer groups", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Stage → {consumer group, topic}. */
    private static Map<String, String[]> groups(List<Duration> retryDelays, Duration longestDelay) {
        Map<String, String[]> groups = new LinkedHashMap<>();
        groups.put("fan-out", new String[] {GROUP, EnquiryEvents.TOPIC});
        groups.put("first attempts", new String[] {GROUP + ".deliveries", DELIVERIES});
        for (int retry = 0; retry < retryDelays.size(); retry++) {
            if (retryDelays.get(retry).compareTo(longestDelay) <= 0) {
                groups.put(
                        "retry " + (retry + 1),
                        new String[] {GROUP + ".deliveries-retry-" + retry, DELIVERIES + "-retry-" + retry});
            }
        }
        return groups;
    }

    /**
     * Waits, up to {@code deadline}, until the stages of {@link #byStage} have nothing uncommitted;
     * answers what is left (all zero when it got there). Gives up early when, for
     * {@link #NO_CONSUMER_GRACE}, every stage with records left has no consumer.
     */
    Map<String, Long> awaitDrained(List<Duration> retryDelays, Duration longestDelay, Duration deadline) {
        long giveUpAt = System.nanoTime() + deadline.toNanos();
        long noConsumerSince = 0;
        Map<String, Long> left = byStage(retryDelays, longestDelay);
        while (total(left) > 0 && System.nanoTime() < giveUpAt) {
            List<String> idle = withoutConsumer(retryDelays, longestDelay);
            boolean stuck = left.entrySet().stream()
                    .filter(stage -> stage.getValue() > 0)
                    .allMatch(stage -> idle.contains(stage.getKey()));
            if (!stuck) {
                noConsumerSince = 0;
            } else if (noConsumerSince == 0) {
                noConsumerSince = System.nanoTime();
            } else if (System.nanoTime() - noConsumerSince > NO_CONSUMER_GRACE.toNanos()) {
                break;
            }
            LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
            left = byStage(retryDelays, longestDelay);
        }
        return left;
    }

    /** How long stages with records left may have no consumer (a dispatcher still joining) before the wait ends. */
    private static final Duration NO_CONSUMER_GRACE = Duration.ofSeconds(15);

    static long total(Map<String, Long> stages) {
        return stages.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The records of {@code topic} that {@code group} has not committed; 0 when the topic does not exist. */
    private long uncommitted(String group, String topic) {
        try {
            TopicDescription description =
                    admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            Map<TopicPartition, OffsetSpec> earliest = new HashMap<>();
            description.partitions().forEach(partition -> {
                TopicPartition tp = new TopicPartition(topic, partition.partition());
                latest.put(tp, OffsetSpec.latest());
                earliest.put(tp, OffsetSpec.earliest());
            });
            var ends = admin.listOffsets(latest).all().get();
            var starts = admin.listOffsets(earliest).all().get();
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get();
            long uncommitted = 0;
            for (TopicPartition partition : latest.keySet()) {
                OffsetAndMetadata offset = committed.get(partition);
                long from = offset == null ? starts.get(partition).offset() : offset.offset();
                uncommitted += Math.max(0, ends.get(partition).offset() - from);
            }
            return uncommitted;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return 0;
            }
            throw new IllegalStateException("could not read the offsets of " + group + " on " + topic, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(5));
    }
}
