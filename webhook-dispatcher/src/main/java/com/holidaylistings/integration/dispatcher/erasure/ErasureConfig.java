package com.holidaylistings.integration.dispatcher.erasure;

import com.holidaylistings.integration.dispatcher.RetryingListenerContainers;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.kafka.autoconfigure.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;

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
                RetryingListenerContainers.factory(configurer, consumers, instanceId, FIRST_BACKOFF, MAX_BACKOFF);
        factory.setConcurrency(1);
        return factory;
    }
}
