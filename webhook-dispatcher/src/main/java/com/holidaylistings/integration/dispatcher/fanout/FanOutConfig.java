package com.holidaylistings.integration.dispatcher.fanout;

import org.springframework.boot.kafka.autoconfigure.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * The fan-out's listener container: a batch listener (each poll's events are fanned out together),
 * whose failure (database or Kafka away) is retried with a growing backoff for as long as it
 * lasts, so that no event is skipped. The listener itself passes over unreadable events.
 */
@Configuration(proxyBeanMethods = false)
class FanOutConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<Object, Object> fanOutContainerFactory(
            ConcurrentKafkaListenerContainerFactoryConfigurer configurer, ConsumerFactory<Object, Object> consumers) {
        ConcurrentKafkaListenerContainerFactory<Object, Object> factory = new ConcurrentKafkaListenerContainerFactory<>();
        configurer.configure(factory, consumers);
        factory.setBatchListener(true);
        ExponentialBackOff backOff = new ExponentialBackOff(500, 2.0);
        backOff.setMaxInterval(30_000);
        factory.setCommonErrorHandler(new DefaultErrorHandler(backOff));
        return factory;
    }
}
