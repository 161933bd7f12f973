package com.holidaylistings.integration.ingest.relay;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The outbox relay.
 *
 * @param topicPartitions partitions of {@code enquiry.created} when it is created (12)
 * @param topicReplicationFactor its replication factor (1 locally; 3 in production)
 * @param topicRetention how long the topic keeps events (7 days)
 * @param slotName the logical replication slot, created by api-service's migrations
 * @param publicationName the publication, created by api-service's migrations
 * @param offsetsTopic the compacted topic holding the relay's source offsets
 * @param pollInterval how often the engine looks for new changes (10 ms)
 * @param maxBatchSize most changes handed over in one batch
 * @param heartbeatInterval how often the slot is moved on while the outbox is quiet
 * @param publishTimeout how long one batch may wait for Kafka's acknowledgements
 * @param maxRestartBackoff the longest wait between restarts of a failed engine
 */
@Validated
@ConfigurationProperties("enquiry-ingest.relay")
public record RelayProperties(
        @DefaultValue("12") @Positive int topicPartitions,
        @DefaultValue("1") @Positive short topicReplicationFactor,
        @DefaultValue("7d") Duration topicRetention,
        @DefaultValue("enquiry_outbox") @NotBlank String slotName,
        @DefaultValue("enquiry_outbox") @NotBlank String publicationName,
        @DefaultValue("enquiry-ingest.offsets") @NotBlank String offsetsTopic,
        @DefaultValue("10ms") Duration pollInterval,
        @DefaultValue("2048") @Positive int maxBatchSize,
        @DefaultValue("10s") Duration heartbeatInterval,
        @DefaultValue("30s") Duration publishTimeout,
        @DefaultValue("30s") Duration maxRestartBackoff) {}
