package com.holidaylistings.integration.dispatcher.command;

import com.holidaylistings.integration.dispatcher.RetryingListenerContainers;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.kafka.autoconfigure.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;

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
        ConcurrentKafkaListenerContainerFactory<Object, Object> factory = RetryingListenerContainers.factory(
                configurer, consumers, instanceId, properties.retryFirstBackoff(), properties.retryMaxBackoff());
        factory.setConcurrency(1);
        return factory;
    }
}
