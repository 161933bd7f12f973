package com.holidaylistings.integration.dispatcher.erasure;

import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.kafka.autoconfigure.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * The erasures' listener container: one consumer per replica (erasures are rare), a record at a time; a
 * record that could not be applied (the database away) is tried again with a backoff growing from
 * half a second to half a minute, for as long as the failure lasts, its offset uncommitted, so that no
 * erasure is lost.
 */
@Configuration(proxyBeanMethods = false)
class ErasureConfig {

    private static final Duration FIRST_BACKOFF = Duration.ofMillis(500);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

    @Bean
    ConcurrentKafkaListenerContainerFactory<Object, Object> erasureContainerFactory(
            ConcurrentKafkaListenerContainerFactoryConfigurer configurer,
            ConsumerFactory<Object, Object> consumers,
            @Value("${dispatcher.instance-id}") String instanceId) {
        ConcurrentKafkaListenerContainerFactory<Object, Object> factory =
                new ConcurrentKafkaListenerContainerFactory<>();
        configurer.configure(factory, consumers);
        factory.setConcurrency(1);
        // static membership, as the other containers: the same member after a restart
        factory.setContainerCustomizer(container -> container
                .getContainerProperties()
                .getKafkaConsumerProperties()
                .setProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, instanceId));
        ExponentialBackOff backOff = new ExponentialBackOff(FIRST_BACKOFF.toMillis(), 2.0);
        backOff.setMaxInterval(MAX_BACKOFF.toMillis());
        factory.setCommonErrorHandler(new DefaultErrorHandler(backOff));
        return factory;
    }
}
