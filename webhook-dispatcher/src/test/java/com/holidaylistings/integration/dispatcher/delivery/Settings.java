package com.holidaylistings.integration.dispatcher.delivery;

import java.time.Duration;
import java.util.List;

/** {@link WebhookProperties} as the record documents its defaults, and variations of them. */
final class Settings {

    private Settings() {}

    static WebhookProperties documentedDefaults() {
        return new WebhookProperties(
                List.of(Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofMinutes(15), Duration.ofHours(1),
                        Duration.ofHours(4)),
                Duration.ofSeconds(10), false, 16, 256, 1024, 20, Duration.ofSeconds(30), 12, (short) 1,
                Duration.ofDays(30), Duration.ofHours(1), null, null, Duration.ofHours(24), 4);
    }

    static WebhookProperties withPrivateTargets(boolean allowed) {
        WebhookProperties d = documentedDefaults();
        return new WebhookProperties(d.retryDelays(), d.timeout(), allowed, d.maxConcurrencyPerTarget(),
                d.maxConnectionsPerHost(), d.maxInFlight(), d.failuresToOpenCircuit(), d.openCircuitFor(),
                d.topicPartitions(), d.topicReplicationFactor(), d.attemptRetention(),
                d.attemptPurgeInterval(), d.attemptLogRetry(), d.forwardRetry(), d.secretOverlap(), d.failingAfter());
    }

    static WebhookProperties withTimeout(Duration timeout) {
        WebhookProperties d = documentedDefaults();
        return new WebhookProperties(d.retryDelays(), timeout, true, d.maxConcurrencyPerTarget(),
                d.maxConnectionsPerHost(), d.maxInFlight(), d.failuresToOpenCircuit(), d.openCircuitFor(),
                d.topicPartitions(), d.topicReplicationFactor(), d.attemptRetention(),
                d.attemptPurgeInterval(), d.attemptLogRetry(), d.forwardRetry(), d.secretOverlap(), d.failingAfter());
    }

    static WebhookProperties withRetryDelays(Duration... delays) {
        WebhookProperties d = documentedDefaults();
        return new WebhookProperties(List.of(delays), d.timeout(), d.allowPrivateTargets(),
                d.maxConcurrencyPerTarget(), d.maxConnectionsPerHost(), d.maxInFlight(), d.failuresToOpenCircuit(),
                d.openCircuitFor(), d.topicPartitions(), d.topicReplicationFactor(), d.attemptRetention(),
                d.attemptPurgeInterval(), d.attemptLogRetry(), d.forwardRetry(), d.secretOverlap(), d.failingAfter());
    }

    static WebhookProperties withSecretOverlap(Duration overlap) {
        WebhookProperties d = documentedDefaults();
        return new WebhookProperties(d.retryDelays(), d.timeout(), d.allowPrivateTargets(),
                d.maxConcurrencyPerTarget(), d.maxConnectionsPerHost(), d.maxInFlight(), d.failuresToOpenCircuit(),
                d.openCircuitFor(), d.topicPartitions(), d.topicReplicationFactor(), d.attemptRetention(),
                d.attemptPurgeInterval(), d.attemptLogRetry(), d.forwardRetry(), overlap, d.failingAfter());
    }
}
