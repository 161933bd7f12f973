package com.holidaylistings.integration.dispatcher;

import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.boot.kafka.autoconfigure.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * The listener containers of the topics the dispatcher must not skip a record of (new enquiries, the
 * owners' commands, erasures): Spring Boot's settings, static membership (each consumer keeps its
 * partitions across a restart, {@code dispatcher.instance-id} suffixed with its index), and a failed
 * record (database or Kafka away) tried again after {@code firstBackoff}, doubling up to
 * {@code maxBackoff}, for as long as the failure lasts, its offset not committed meanwhile.
 */
public final class RetryingListenerContainers {

    private RetryingListenerContainers() {}

    public static ConcurrentKafkaListenerContainerFactory<Object, Object> factory(
            ConcurrentKafkaListenerContainerFactoryConfigurer configurer,
            ConsumerFactory<Object, Object> consumers,
            String instanceId,
            Duration firstBackoff,
            Duration maxBackoff) {
        ConcurrentKafkaListenerContainerFactory<Object, Object> factory =
                new ConcurrentKafkaListenerContainerFactory<>();
        configurer.configure(factory, consumers);
        factory.setContainerCustomizer(container -> container
                .getContainerProperties()
                .getKafkaConsumerProperties()
                .setProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, instanceId));
        ExponentialBackOff backOff = new ExponentialBackOff(firstBackoff.toMillis(), 2.0);
        backOff.setMaxInterval(maxBackoff.toMillis());
        factory.setCommonErrorHandler(new DefaultErrorHandler(backOff));
        return factory;
    }
}
