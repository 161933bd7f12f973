package com.holidaylistings.integration.ingest.relay;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
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
 * @param topicReplicationFactor its replication factor, and {@code delivery.commands}' (1 locally; 3 in production)
 * @param topicRetention how long the topic keeps events (7 days): also how long a guest's data stays on it
 *     after an erasure
 * @param erasedTopicRetention how long {@code enquiry.erased} keeps its events (30 days: longer than
 *     {@code enquiry.created}'s, so that a consumer that still holds a copy of an enquiry read from that
 *     topic can still learn of its erasure; they carry ids only); partitions as {@code enquiry.created}
 * @param commandTopicPartitions partitions of {@code delivery.commands} when it is created (6: a command is a
 *     request of an owner's, far fewer than enquiries)
 * @param commandTopicRetention how long {@code delivery.commands} keeps commands (7 days: a command read after
 *     that is applied by then; the dispatcher remembers applied commands for longer,
 *     {@code WEBHOOK_COMMANDS_APPLIED_RETENTION}, 8 days)
 * @param slotName the logical replication slot, created by api-service's migrations
 * @param publicationName the publication, created by api-service's migrations
 * @param offsetsTopic the compacted topic holding the relay's source offsets
 * @param pollInterval how often the engine looks for new changes (10 ms)
 * @param maxBatchSize most changes handed over in one batch
 * @param heartbeatInterval how often the slot is moved on while the outbox is quiet
 * @param publishTimeout how long one batch may wait for Kafka's acknowledgements
 * @param publishRetry how a batch that Kafka did not acknowledge is sent again (4 tries in all)
 * @param maxRestartBackoff the longest wait between restarts of a failed engine
 */
@Validated
@ConfigurationProperties("enquiry-ingest.relay")
public record RelayProperties(
        @DefaultValue("12") @Positive int topicPartitions,
        @DefaultValue("1") @Positive short topicReplicationFactor,
        @DefaultValue("7d") Duration topicRetention,
        @DefaultValue("30d") Duration erasedTopicRetention,
        @DefaultValue("6") @Positive int commandTopicPartitions,
        @DefaultValue("7d") Duration commandTopicRetention,
        @DefaultValue("enquiry_outbox") @NotBlank String slotName,
        @DefaultValue("enquiry_outbox") @NotBlank String publicationName,
        @DefaultValue("enquiry-ingest.offsets") @NotBlank String offsetsTopic,
        @DefaultValue("10ms") Duration pollInterval,
        @DefaultValue("2048") @Positive int maxBatchSize,
        @DefaultValue("10s") Duration heartbeatInterval,
        @DefaultValue("30s") Duration publishTimeout,
        @DefaultValue @Valid PublishRetry publishRetry,
        @DefaultValue("30s") Duration maxRestartBackoff) {

    /**
     * Sending a batch again before the engine is stopped (a stop costs a restart and a re-read of
     * the batch from the slot).
     *
     * @param maxAttempts tries in all, the first one included (4)
     * @param initialBackoff the wait before the second try (200 ms)
     * @param multiplier how much each wait grows over the one before (2)
     * @param maxBackoff the longest wait between two tries (5 s)
     */
    public record PublishRetry(
            @DefaultValue("4") @Positive int maxAttempts,
            @DefaultValue("200ms") Duration initialBackoff,
            @DefaultValue("2.0") @DecimalMin("1.0") double multiplier,
            @DefaultValue("5s") Duration maxBackoff) {}
}
