package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * The retry schedule of {@code WEBHOOK_RETRY_DELAYS}, and the topics it needs, created at start
 * with the configured partitions: {@code webhook.deliveries}, one retry topic per delay, and the
 * dead letters.
 */
@Configuration(proxyBeanMethods = false)
class DeliveryTopicsConfig {

    @Bean
    RetrySchedule retrySchedule(WebhookProperties properties) {
        return properties.retrySchedule();
    }

    @Bean
    KafkaAdmin.NewTopics deliveryTopics(RetrySchedule schedule, WebhookProperties properties) {
        return new KafkaAdmin.NewTopics(schedule.topics().stream()
                .map(name -> TopicBuilder.name(name)
                        .partitions(properties.topicPartitions())
                        .replicas(properties.topicReplicationFactor())
                        .build())
                .toArray(NewTopic[]::new));
    }
}
