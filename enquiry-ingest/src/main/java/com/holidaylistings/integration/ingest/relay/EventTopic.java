package com.holidaylistings.integration.ingest.relay;

import com.holidaylistings.integration.events.EnquiryEvents;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.stereotype.Component;

/** The {@code enquiry.created} topic, created with the configured partitions when it is missing. */
@Component
class EventTopic {

    private final KafkaAdmin admin;
    private final NewTopic topic;

    EventTopic(KafkaAdmin admin, RelayProperties properties) {
        this.admin = admin;
        this.topic = TopicBuilder.name(EnquiryEvents.TOPIC)
                .partitions(properties.topicPartitions())
                .replicas(properties.topicReplicationFactor())
                .config(TopicConfig.RETENTION_MS_CONFIG, Long.toString(properties.topicRetention().toMillis()))
                .build();
    }

    /** Creates the topic if it does not exist; existing topics are left as they are. */
    void ensureExists() {
        admin.createOrModifyTopics(topic);
    }
}
