package com.holidaylistings.integration.dispatcher.command;

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
 * The commands' listener container: one consumer per replica (commands are few), a record at a time;
 * a command that could not be applied (the database away) is tried again with a growing backoff
 * ({@link CommandProperties}) for as long as the failure lasts, its offset uncommitted, so that no
 * command is lost. The listener itself passes over a command it cannot read.
 */
@Configuration(proxyBeanMethods = false)
class CommandConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<Object, Object> commandContainerFactory(
            ConcurrentKafkaListenerContainerFactoryConfigurer configurer,
            ConsumerFactory<Object, Object> consumers,
            CommandProperties properties,
            @Value("${dispatcher.instance-id}") String instanceId) {
        ConcurrentKafkaListenerContainerFactory<Object, Object> factory =
                new ConcurrentKafkaListenerContainerFactory<>();
        configurer.configure(factory, consumers);
        factory.setConcurrency(1);
        // static membership, as the fan-out's container: the same member after a restart
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
