package com.holidaylistings.integration.dispatcher.fanout;

import org.springframework.boot.kafka.autoconfigure.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;
import tools.jackson.core.JacksonException;

/**
 * The fan-out's listener container: a failure (database or Kafka away) is retried with a growing
 * backoff for as long as it lasts, so that no event is skipped; only an unreadable event, which no
 * retry can fix, is logged and passed over.
 */
@Configuration(proxyBeanMethods = false)
class FanOutConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<Object, Object> fanOutContainerFactory(
            ConcurrentKafkaListenerContainerFactoryConfigurer configurer, ConsumerFactory<Object, Object> consumers) {
        ConcurrentKafkaListenerContainerFactory<Object, Object> factory = new ConcurrentKafkaListenerContainerFactory<>();
        configurer.configure(factory, consumers);
        ExponentialBackOff backOff = new ExponentialBackOff(500, 2.0);
        backOff.setMaxInterval(30_000);
        DefaultErrorHandler errors = new DefaultErrorHandler(backOff);
        errors.addNotRetryableExceptions(JacksonException.class, IllegalArgumentException.class);
        factory.setCommonErrorHandler(errors);
        return factory;
    }
}
