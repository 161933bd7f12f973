package com.holidaylistings.integration.dispatcher.intake;

import com.holidaylistings.integration.dispatcher.retry.DueTimeHold;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.kafka.autoconfigure.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.listener.AcknowledgingConsumerAwareMessageListener;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.stereotype.Component;

/**
 * The listener containers that feed the {@link DeliveryListener}: {@code DISPATCHER_CONSUMERS} consumers
 * on {@code webhook.deliveries} (group {@code webhook-dispatcher.deliveries}) and
 * {@code DISPATCHER_RETRY_CONSUMERS} on all the retry topics together (group
 * {@code webhook-dispatcher.deliveries-retries}). Every consumer polls, heartbeats and fetches whether
 * or not anything is due, and the retry topics are empty most of the time: one consumer group for
 * them all, where one per topic made five. Acknowledgements are manual and given in offset order
 * ({@link InOrderAcks}); a retry's records wait until due ({@link DueTimeHold}, which pauses their
 * partition); what was in flight on partitions taken away is forgotten.
 */
@Component
class DeliveryContainers implements SmartLifecycle {

    /** The name of the retries' container, and of their group after the prefix. */
    static final String RETRIES = "deliveries-retries";

    private static final Duration RETRIES_FETCH_WAIT = Duration.ofMillis(500);

    private static final Logger log = LoggerFactory.getLogger(DeliveryContainers.class);

    private final List<ConcurrentMessageListenerContainer<?, ?>> containers = new ArrayList<>();
    private final ScheduledExecutorService resumes = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("retry-resume").factory());
    private volatile boolean running;
    private final KafkaAdmin admin;
    private final String groupPrefix;
    private final RetrySchedule schedule;

    DeliveryContainers(
            ConcurrentKafkaListenerContainerFactoryConfigurer configurer,
            ConsumerFactory<Object, Object> consumers,
            RetrySchedule schedule,
            DeliveryListener listener,
            InOrderAcks acks,
            @Value("${spring.kafka.consumer.group-id}") String groupPrefix,
            @Value("${dispatcher.instance-id}") String instanceId,
            @Value("${dispatcher.retry-consumers}") int retryConsumers,
            KafkaAdmin admin) {
        this.admin = admin;
        this.groupPrefix = groupPrefix;
        this.schedule = schedule;
        ConcurrentKafkaListenerContainerFactory<Object, Object> factory =
                new ConcurrentKafkaListenerContainerFactory<>();
        configurer.configure(factory, consumers);
        Map<Boolean, List<String>> topics = schedule.stages().stream()
                .collect(Collectors.partitioningBy(
                        RetrySchedule.Stage::retry,
                        Collectors.mapping(RetrySchedule.Stage::topic, Collectors.toList())));
        ConcurrentMessageListenerContainer<Object, Object> firstAttempts =
                container(factory, topics.get(false), groupPrefix, "deliveries", instanceId, schedule, listener, acks);
        ConcurrentMessageListenerContainer<Object, Object> retries =
                container(factory, topics.get(true), groupPrefix, RETRIES, instanceId, schedule, listener, acks);
        // Retries are few and their listener only starts each attempt: fewer consumers polling.
        retries.setConcurrency(retryConsumers);
        // The only consumers that pause partitions (DueTimeHold): one resumed when its record falls due is
        // fetched only once the fetch in flight returns, so they keep the client's 500 ms, which bounds a
        // retry's lateness, not the 5 s of the others (spring.kafka.consumer.fetch-max-wait).
        retries.getContainerProperties()
                .getKafkaConsumerProperties()
                .setProperty(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, Long.toString(RETRIES_FETCH_WAIT.toMillis()));
        containers.add(firstAttempts);
        containers.add(retries);
    }

    private ConcurrentMessageListenerContainer<Object, Object> container(
            ConcurrentKafkaListenerContainerFactory<Object, Object> factory,
            List<String> topics,
            String groupPrefix,
            String name,
            String instanceId,
            RetrySchedule schedule,
            DeliveryListener listener,
            InOrderAcks acks) {
        DueTimeHold hold = new DueTimeHold(schedule, resumes);
        ConcurrentMessageListenerContainer<Object, Object> container =
                factory.createContainer(topics.toArray(String[]::new));
        ContainerProperties properties = container.getContainerProperties();
        properties.setGroupId(groupPrefix + "." + name);
        properties.setAckMode(ContainerProperties.AckMode.MANUAL);
        // static membership: the container suffixes it with each consumer's index
        properties.getKafkaConsumerProperties().setProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, instanceId);
        properties.setConsumerRebalanceListener(new ConsumerAwareRebalanceListener() {
            @Override
            public void onPartitionsRevokedAfterCommit(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
                acks.revoked(partitions);
                hold.forget(partitions);
            }

            @Override
            public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
                onPartitionsRevokedAfterCommit(consumer, partitions);
            }
        });
        properties.setMessageListener((AcknowledgingConsumerAwareMessageListener<String, String>)
                (record, ack, consumer) -> listener.onDelivery(record, ack, consumer, hold));
        container.setBeanName("webhook-" + name);
        hold.pausing(container);
        return container;
    }

    @Override
    public void start() {
        carryOverRetryOffsets();
        containers.forEach(ConcurrentMessageListenerContainer::start);
        running = true;
    }

    /** The retries' group of this version takes the offsets of those of earlier versions ({@link RetryGroupOffsets}). */
    private void carryOverRetryOffsets() {
        try (Admin client = Admin.create(admin.getConfigurationProperties())) {
            int carried = RetryGroupOffsets.carryOver(client, groupPrefix, schedule);
            if (carried > 0) {
                log.info(
                        "The group {}.{} took the committed offsets of {} retry partitions from the groups of earlier versions",
                        groupPrefix,
                        RETRIES,
                        carried);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            log.warn(
                    "Could not carry the retry topics' offsets over to {}.{}; it starts as a new group: {}",
                    groupPrefix,
                    RETRIES,
                    e.getMessage());
        }
    }

    @Override
    public void stop() {
        containers.forEach(ConcurrentMessageListenerContainer::stop);
        resumes.shutdownNow();
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Stops with the other listener containers, before the attempt log, which stores their last attempts. */
    @Override
    public int getPhase() {
        return ConcurrentMessageListenerContainer.DEFAULT_PHASE;
    }
}
