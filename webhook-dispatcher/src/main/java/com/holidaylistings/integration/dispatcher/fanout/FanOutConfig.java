package com.holidaylistings.integration.dispatcher.fanout;

import com.holidaylistings.integration.dispatcher.RetryingListenerContainers;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.kafka.autoconfigure.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;

/**
 * The fan-out's listener container: a batch listener (each poll's events are fanned out together),
 * whose failure (database or Kafka away) is retried with a growing backoff ({@link FanOutProperties})
 * for as long as it lasts, so that no event is skipped. The listener itself passes over unreadable events.
 */
@Configuration(proxyBeanMethods = false)
class FanOutConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<Object, Object> fanOutContainerFactory(
            ConcurrentKafkaListenerContainerFactoryConfigurer configurer,
            ConsumerFactory<Object, Object> consumers,
            FanOutProperties properties,
            @Value("${dispatcher.instance-id}") String instanceId) {
        ConcurrentKafkaListenerContainerFactory<Object, Object> factory = RetryingListenerContainers.factory(
                configurer, consumers, instanceId, properties.retryFirstBackoff(), properties.retryMaxBackoff());
        factory.setBatchListener(true);
        return factory;
    }
}
