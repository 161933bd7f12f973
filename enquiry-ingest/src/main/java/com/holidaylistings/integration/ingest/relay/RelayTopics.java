package com.holidaylistings.integration.ingest.relay;

import com.holidaylistings.integration.events.EnquiryErased;
import com.holidaylistings.integration.events.EnquiryEvents;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.time.Duration;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.stereotype.Component;

/**
 * The topics the relay writes, created with their configured partitions and retention when missing:
 * {@code enquiry.created}, {@code enquiry.erased} and {@code delivery.commands}.
 */
@Component
class RelayTopics {

    private final KafkaAdmin admin;
    private final NewTopic events;
    private final NewTopic erasures;
    private final NewTopic commands;

    RelayTopics(KafkaAdmin admin, RelayProperties properties) {
        this.admin = admin;
        this.events = topic(EnquiryEvents.TOPIC, properties.topicPartitions(), properties.topicRetention(), properties);
        // keyed by enquiry id as enquiry.created, in as many partitions
        this.erasures =
                topic(EnquiryErased.TOPIC, properties.topicPartitions(), properties.erasedTopicRetention(), properties);
        this.commands = topic(
                DeliveryCommand.TOPIC,
                properties.commandTopicPartitions(),
                properties.commandTopicRetention(),
                properties);
    }

    private static NewTopic topic(String name, int partitions, Duration retention, RelayProperties properties) {
        return TopicBuilder.name(name)
                .partitions(partitions)
                .replicas(properties.topicReplicationFactor())
                .config(TopicConfig.RETENTION_MS_CONFIG, Long.toString(retention.toMillis()))
                .build();
    }

    /** Creates the topics that do not exist; existing topics are left as they are. */
    void ensureExist() {
        admin.createOrModifyTopics(events, erasures, commands);
    }
}
