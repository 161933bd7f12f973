package com.holidaylistings.integration.dispatcher;

import java.time.Duration;
import java.util.Properties;
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
 * {@code maxBackoff}, for as long as the failure lasts, its offset not committed meanwhile. Their
 * fetches wait {@link #FETCH_WAIT} on the broker.
 */
public final class RetryingListenerContainers {

    /**
     * How long a fetch waits on the broker for a record, for consumers whose partitions are never
     * paused. A fetch returns as soon as a record arrives, so the wait costs no latency, and an idle
     * consumer fetches once in 5 s instead of the client's twice a second (at rest, the dispatcher's
     * consumers were most of its CPU and of the broker's).
     */
    public static final Duration FETCH_WAIT = Duration.ofSeconds(5);

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
        factory.setContainerCustomizer(container -> {
            Properties properties = container.getContainerProperties().getKafkaConsumerProperties();
            properties.setProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, instanceId);
            properties.setProperty(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, Long.toString(FETCH_WAIT.toMillis()));
        });
        ExponentialBackOff backOff = new ExponentialBackOff(firstBackoff.toMillis(), 2.0);
        backOff.setMaxInterval(maxBackoff.toMillis());
        factory.setCommonErrorHandler(new DefaultErrorHandler(backOff));
        return factory;
    }
}
