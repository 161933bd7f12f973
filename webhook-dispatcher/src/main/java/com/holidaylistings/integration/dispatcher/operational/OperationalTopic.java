package com.holidaylistings.integration.dispatcher.operational;

import com.holidaylistings.integration.dispatcher.delivery.WebhookProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * The topic {@code webhook.operational}, created at start like the delivery topics, with their
 * partitions and replication factor. Key: the hook id; value: the event's JSON; headers
 * {@code event-id} and {@code event-type}.
 */
@Configuration(proxyBeanMethods = false)
public class OperationalTopic {

    public static final String NAME = "webhook.operational";
    /** Header with the event's {@code event_id}, as {@code enquiry.created} carries its own. */
    public static final String EVENT_ID_HEADER = "event-id";
    /** Header with the event's {@code type}. */
    public static final String EVENT_TYPE_HEADER = "event-type";

    /**
     * Header with the publication's W3C trace context, written by the Kafka template's observation: in
     * the enquiry's trace, under the delivery attempt that decided the event ({@link OperationalPoller}).
     */
    public static final String TRACEPARENT_HEADER = "traceparent";

    @Bean
    KafkaAdmin.NewTopics operationalTopics(WebhookProperties properties) {
        return new KafkaAdmin.NewTopics(TopicBuilder.name(NAME)
                .partitions(properties.topicPartitions())
                .replicas(properties.topicReplicationFactor())
                .build());
    }
}
