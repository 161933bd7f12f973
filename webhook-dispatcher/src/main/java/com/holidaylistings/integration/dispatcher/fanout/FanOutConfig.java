package com.holidaylistings.integration.dispatcher.fanout;

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
        ConcurrentKafkaListenerContainerFactory<Object, Object> factory =
                new ConcurrentKafkaListenerContainerFactory<>();
        configurer.configure(factory, consumers);
        factory.setBatchListener(true);
        // static membership, as the delivery containers (application.yml): suffixed with each consumer's index
        factory.setContainerCustomizer(container -> container
                .getContainerProperties()
                .getKafkaConsumerProperties()
                .setProperty(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, instanceId));
        ExponentialBackOff backOff =
                new ExponentialBackOff(properties.retryFirstBackoff().toMillis(), 2.0);
        backOff.setMaxInterval(properties.retryMaxBackoff().toMillis());
        factory.setCommonErrorHandler(new DefaultErrorHandler(backOff));
        return factory;
    }
}
