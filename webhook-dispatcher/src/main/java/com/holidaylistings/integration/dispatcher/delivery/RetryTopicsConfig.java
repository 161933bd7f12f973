package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.dispatcher.DeliveryTopics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.retrytopic.RetryTopicConfiguration;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationBuilder;
import org.springframework.kafka.retrytopic.RetryTopicConfigurationSupport;
import org.springframework.kafka.retrytopic.SameIntervalTopicReuseStrategy;

/**
 * Non-blocking retries: a failed delivery moves to {@code webhook.deliveries-retry-0}, then
 * {@code -retry-1}, … one topic per delay of {@code WEBHOOK_RETRY_DELAYS} (named by position, so
 * names stay valid when the delays change), and after the last to {@code webhook.deliveries-dlt}.
 * Spring Kafka creates these topics and their consumers, which hold each record until it is due;
 * {@link RetryForwarder} puts the records there.
 */
@Configuration(proxyBeanMethods = false)
class RetryTopicsConfig extends RetryTopicConfigurationSupport {

    @Bean
    RetryTopicConfiguration deliveryRetries(KafkaTemplate<String, String> kafka, WebhookProperties properties) {
        return RetryTopicConfigurationBuilder.newInstance()
                .customBackoff(new ScheduledBackOff(properties.retryDelays()))
                .maxAttempts(properties.maxAttempts())
                .includeTopic(DeliveryTopics.DELIVERIES)
                .suffixTopicsWithIndexValues()
                .sameIntervalTopicReuseStrategy(SameIntervalTopicReuseStrategy.MULTIPLE_TOPICS)
                .autoCreateTopicsWith(properties.topicPartitions(), properties.topicReplicationFactor())
                .dltHandlerMethod(DeliveryListener.BEAN_NAME, "onAbandoned")
                .create(kafka);
    }

    @Bean
    NewTopic deliveriesTopic(WebhookProperties properties) {
        return TopicBuilder.name(DeliveryTopics.DELIVERIES)
                .partitions(properties.topicPartitions())
                .replicas(properties.topicReplicationFactor())
                .build();
    }
}
