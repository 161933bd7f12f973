package com.holidaylistings.integration.dispatcher.settings;

import com.holidaylistings.integration.targets.TargetAddressRule;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/** {@link WebhookProperties} as the record documents its defaults, and variations of them. */
public final class Settings {

    private Settings() {}

    public static WebhookProperties documentedDefaults() {
        return new WebhookProperties(
                List.of(
                        Duration.ofMinutes(1),
                        Duration.ofMinutes(5),
                        Duration.ofMinutes(15),
                        Duration.ofHours(1),
                        Duration.ofHours(4)),
                Duration.ofSeconds(10),
                false,
                TargetAddressRule.LOCAL_STACK_PORTS,
                32,
                256,
                1024,
                64,
                2_000,
                2_000,
                Duration.ofSeconds(5),
                Duration.ofSeconds(1),
                Duration.ofMinutes(5),
                20,
                Duration.ofSeconds(30),
                12,
                (short) 1,
                Duration.ofDays(30),
                Duration.ofHours(1),
                null,
                null,
                Duration.ofHours(24),
                4,
                Duration.ofDays(5));
    }

    public static WebhookProperties withPrivateTargets(boolean allowed) {
        return with(
                documentedDefaults().retryDelays(),
                documentedDefaults().timeout(),
                allowed,
                documentedDefaults().secretOverlap());
    }

    /** Private targets allowed, but not on these ports. */
    public static WebhookProperties withRefusedPorts(Set<Integer> ports) {
        WebhookProperties d = withPrivateTargets(true);
        return new WebhookProperties(
                d.retryDelays(),
                d.timeout(),
                true,
                ports,
                d.maxInFlightPerHook(),
                d.maxConnectionsPerHost(),
                d.maxInFlight(),
                d.maxInFlightPerOwner(),
                d.maxQueuedPerOwner(),
                d.maxQueued(),
                d.infrastructureRetry(),
                d.rowPollInterval(),
                d.overdueAfter(),
                d.failuresToOpenCircuit(),
                d.openCircuitFor(),
                d.topicPartitions(),
                d.topicReplicationFactor(),
                d.attemptRetention(),
                d.attemptPurgeInterval(),
                d.attemptLogRetry(),
                d.forwardRetry(),
                d.secretOverlap(),
                d.failingAfter(),
                d.disableAfter());
    }

    public static WebhookProperties withTimeout(Duration timeout) {
        return with(
                documentedDefaults().retryDelays(),
                timeout,
                true,
                documentedDefaults().secretOverlap());
    }

    public static WebhookProperties withRetryDelays(Duration... delays) {
        WebhookProperties d = documentedDefaults();
        return with(List.of(delays), d.timeout(), d.allowPrivateTargets(), d.secretOverlap());
    }

    public static WebhookProperties withSecretOverlap(Duration overlap) {
        WebhookProperties d = documentedDefaults();
        return with(d.retryDelays(), d.timeout(), d.allowPrivateTargets(), overlap);
    }

    /** The documented defaults but for these. */
    private static WebhookProperties with(
            List<Duration> retryDelays, Duration timeout, boolean allowPrivateTargets, Duration secretOverlap) {
        WebhookProperties d = documentedDefaults();
        return new WebhookProperties(
                retryDelays,
                timeout,
                allowPrivateTargets,
                d.refusedPorts(),
                d.maxInFlightPerHook(),
                d.maxConnectionsPerHost(),
                d.maxInFlight(),
                d.maxInFlightPerOwner(),
                d.maxQueuedPerOwner(),
                d.maxQueued(),
                d.infrastructureRetry(),
                d.rowPollInterval(),
                d.overdueAfter(),
                d.failuresToOpenCircuit(),
                d.openCircuitFor(),
                d.topicPartitions(),
                d.topicReplicationFactor(),
                d.attemptRetention(),
                d.attemptPurgeInterval(),
                d.attemptLogRetry(),
                d.forwardRetry(),
                secretOverlap,
                d.failingAfter(),
                d.disableAfter());
    }
}
