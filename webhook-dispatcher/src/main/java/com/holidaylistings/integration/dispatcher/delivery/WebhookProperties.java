package com.holidaylistings.integration.dispatcher.delivery;

import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Deliveries.
 *
 * @param retryDelays {@code WEBHOOK_RETRY_DELAYS}: the wait before each retry, counted from the
 *     failure before it; the number of retries is the number of delays (1m,5m,15m,1h,4h)
 * @param timeout {@code WEBHOOK_TIMEOUT}: a delivery must be answered 2xx within this, connecting included (10s)
 * @param allowPrivateTargets {@code WEBHOOK_ALLOW_PRIVATE_TARGETS}: deliver to internal addresses (false)
 * @param maxConcurrencyPerTarget deliveries in flight to one target URL; more wait their turn
 * @param maxConnectionsPerHost connections to one host, shared by all its targets: generous, so
 *     that healthy subscriptions on a host never queue behind a slow one there
 * @param maxInFlight deliveries in flight in this process; consumption pauses beyond it
 * @param failuresToOpenCircuit consecutive failures of a target after which its deliveries go
 *     straight to the retry path (20: a burst of failures on stale connections is no reason)
 * @param openCircuitFor how long a target's circuit stays open before one trial delivery
 * @param topicPartitions partitions of the deliveries topic and its retry topics
 * @param topicReplicationFactor their replication factor
 * @param attemptRetention {@code WEBHOOK_ATTEMPT_RETENTION}: delivery attempts and failed deliveries
 *     older than this are deleted (30d; keep it longer than the topics' retention, since the log also
 *     stops repeats)
 * @param redeliveryPollInterval {@code WEBHOOK_REDELIVERY_POLL_INTERVAL}: how often each replica looks
 *     for redeliveries that the portal asked for (1s)
 */
@Validated
@ConfigurationProperties("webhook")
public record WebhookProperties(
        @DefaultValue({"1m", "5m", "15m", "1h", "4h"}) @NotEmpty List<Duration> retryDelays,
        @DefaultValue("10s") Duration timeout,
        @DefaultValue("false") boolean allowPrivateTargets,
        @DefaultValue("16") @Positive int maxConcurrencyPerTarget,
        @DefaultValue("256") @Positive int maxConnectionsPerHost,
        @DefaultValue("1024") @Positive int maxInFlight,
        @DefaultValue("20") @Positive int failuresToOpenCircuit,
        @DefaultValue("30s") Duration openCircuitFor,
        @DefaultValue("12") @Positive int topicPartitions,
        @DefaultValue("1") @Positive short topicReplicationFactor,
        @DefaultValue("30d") Duration attemptRetention,
        @DefaultValue("1s") Duration redeliveryPollInterval) {

    /** Attempts in all: the first and one per delay. */
    public int maxAttempts() {
        return retryDelays.size() + 1;
    }

    /** The wait after failed attempt {@code attempt} (1-based), or null after the last. */
    public Duration delayAfter(int attempt) {
        return attempt <= retryDelays.size() ? retryDelays.get(attempt - 1) : null;
    }
}
