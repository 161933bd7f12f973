package com.holidaylistings.integration.dispatcher.intake;

import com.holidaylistings.integration.dispatcher.retry.DueTimeHold;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.TopicPartition;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.kafka.autoconfigure.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.listener.AcknowledgingConsumerAwareMessageListener;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.stereotype.Component;

/**
 * One listener container per stage of the {@link RetrySchedule}, each in its own consumer group
 * ({@code webhook-dispatcher.deliveries}, {@code webhook-dispatcher.deliveries-retry-0}, …), all feeding
 * the {@link DeliveryListener}: {@code DISPATCHER_CONSUMERS} consumers on {@code webhook.deliveries},
 * {@code DISPATCHER_RETRY_CONSUMERS} on each retry topic. Acknowledgements are manual and given in offset order
 * ({@link InOrderAcks}); a retry stage's records wait until due ({@link DueTimeHold}); what was in
 * flight on partitions taken away is forgotten.
 */
@Component
class DeliveryContainers implements SmartLifecycle {

    private final List<ConcurrentMessageListenerContainer<?, ?>> containers = new ArrayList<>();
    private final ScheduledExecutorService resumes = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("retry-resume").factory());
    private volatile boolean running;

    DeliveryContainers(
            ConcurrentKafkaListenerContainerFactoryConfigurer configurer,
            ConsumerFactory<Object, Object> consumers,
            RetrySchedule schedule,
            DeliveryListener listener,
            InOrderAcks acks,
            @Value("${spring.kafka.consumer.group-id}") String groupPrefix,
            @Value("${dispatcher.instance-id}") String instanceId,
            @Value("${dispatcher.retry-consumers}") int retryConsumers) {
        ConcurrentKafkaListenerContainerFactory<Object, Object> factory =
                new ConcurrentKafkaListenerContainerFactory<>();
        configurer.configure(factory, consumers);
        for (RetrySchedule.Stage stage : schedule.stages()) {
            DueTimeHold hold = new DueTimeHold(schedule, resumes);
            ConcurrentMessageListenerContainer<Object, Object> container = factory.createContainer(stage.topic());
            if (stage.number() > 1) {
                // Retries are few and their listener only starts each attempt: fewer consumers polling.
                container.setConcurrency(retryConsumers);
            }
            ContainerProperties properties = container.getContainerProperties();
            properties.setGroupId(groupPrefix + stage.groupSuffix());
            properties.setAckMode(ContainerProperties.AckMode.MANUAL);
            // static membership: the container suffixes it with each consumer's index
            properties.getKafkaConsumerProperties().setProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, instanceId);
            properties.setConsumerRebalanceListener(new ConsumerAwareRebalanceListener() {
                @Override
                public void onPartitionsRevokedAfterCommit(
                        Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
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
            container.setBeanName("webhook-deliveries" + stage.groupSuffix().substring(".deliveries".length()));
            hold.pausing(container);
            containers.add(container);
        }
    }

    @Override
    public void start() {
        containers.forEach(ConcurrentMessageListenerContainer::start);
        running = true;
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
