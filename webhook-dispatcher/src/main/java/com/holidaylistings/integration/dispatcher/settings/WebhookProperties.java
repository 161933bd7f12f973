package com.holidaylistings.integration.dispatcher.settings;

import com.holidaylistings.integration.dispatcher.RetryPolicy;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import com.holidaylistings.integration.targets.TargetAddressRule;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Deliveries.
 *
 * @param retryDelays {@code WEBHOOK_RETRY_DELAYS}: the wait before each retry, counted from the
 *     failure before it; the number of retries is the number of delays (1m,5m,15m,1h,4h)
 * @param timeout {@code WEBHOOK_TIMEOUT}: a delivery must be answered 2xx within this, connecting included (10s)
 * @param allowPrivateTargets {@code WEBHOOK_ALLOW_PRIVATE_TARGETS}: deliver to internal addresses (false),
 *     but never to link-local ones nor to {@code refusedPorts} on them
 * @param refusedPorts {@code WEBHOOK_REFUSED_PORTS}: ports refused on internal addresses even where
 *     private targets are allowed, the stack's own ({@link TargetAddressRule#LOCAL_STACK_PORTS})
 * @param maxInFlightPerHook {@code WEBHOOK_MAX_IN_FLIGHT_PER_HOOK}: one hook's deliveries in flight in
 *     this process (32: a slot is held until the attempt's next record is sent and its change queued,
 *     not only while the receiver answers, and 16 left a failing hook's retries behind at 120
 *     attempts a second); more of the hook's wait in its owner's lane, holding no slot, while the
 *     owner's other hooks take the owner's slots
 * @param maxConnectionsPerHost connections to one host, shared by all its targets: generous, so
 *     that healthy subscriptions on a host never queue behind a slow one there
 * @param maxInFlight deliveries in flight in this process (1024); beyond it the owners' lanes take
 *     the freed slots in turn
 * @param maxInFlightPerOwner {@code WEBHOOK_MAX_IN_FLIGHT_PER_OWNER}: one owner's deliveries in flight
 *     in this process (64); more of the owner's wait in its lane
 * @param maxQueuedPerOwner deliveries of one owner waiting in its lane in memory (2,000: a burst of
 *     one owner's deliveries drains at the lane's speed); more wait on their rows, handed back to
 *     the lane by the row poller, half this many at a time, as the lane makes room
 * @param maxQueued deliveries waiting in all the lanes of this process in memory (2,000, about 1.5 KB
 *     each); once reached, an owner may have no more than its share of them waiting (this divided
 *     among the owners with deliveries waiting), and more of its wait on their rows; at most twice
 *     this many ever wait
 * @param infrastructureRetry after our own database failed during an attempt, the wait before the
 *     record is tried again, holding no capacity (5s)
 * @param rowPollInterval {@code WEBHOOK_ROW_POLL_INTERVAL}: how often each replica hands the deliveries
 *     that fell due on their rows (waiting, asked for again) to its owners' lanes (1s)
 * @param overdueAfter a pending delivery this long past its due time is taken to have lost its record
 *     (a crash between storing an attempt and forwarding its record, or Kafka away) and is taken again
 *     by the row poller (5m; copies are recognised)
 * @param failuresToOpenCircuit consecutive failures of a target after which its deliveries go
 *     straight to the retry path (20: a burst of failures on stale connections is no reason)
 * @param openCircuitFor how long a target's circuit stays open before one trial delivery
 * @param topicPartitions partitions of the deliveries topic, its retry topics and dead letters, and
 *     {@code webhook.operational}
 * @param topicReplicationFactor their replication factor
 * @param attemptRetention {@code WEBHOOK_ATTEMPT_RETENTION}: deliveries, their events and attempts
 *     older than this are dropped, a day's partition at a time (30d; keep it longer than the topics'
 *     retention)
 * @param attemptPurgeInterval how often the days ahead are made and the old ones dropped (1h)
 * @param attemptLogRetry how a failed write of the attempt log is retried before its deliveries
 *     count as not attempted (6 tries, 100 ms doubling up to 3 s)
 * @param forwardRetry how a failed send of a failed delivery to its next retry topic is retried
 *     before it is left to the row poller ({@code overdueAfter}) (10 tries, 200 ms doubling up to 10 s)
 * @param secretOverlap {@code WEBHOOK_SECRET_OVERLAP}: after an owner's secret is rotated, deliveries
 *     are signed with the new and the previous secret for this long, then with the new one only (24h)
 * @param failingAfter {@code WEBHOOK_FAILING_AFTER}: a subscription whose latest this many attempts
 *     all failed is failing, and {@code hook.failing} is published once until it recovers (4)
 * @param disableAfter {@code WEBHOOK_DISABLE_AFTER}: a subscription whose every attempt failed for
 *     this long, at least {@code failingAfter} of them, is disabled (delivered nothing more until
 *     its owner resumes it) and {@code hook.disabled} published, which api-service applies by pausing it
 *     (5d; 0 never disables)
 */
@Validated
@ConfigurationProperties("webhook")
public record WebhookProperties(
        @DefaultValue({"1m", "5m", "15m", "1h", "4h"}) @NotEmpty
        List<Duration> retryDelays,

        @DefaultValue("10s") Duration timeout,
        @DefaultValue("false") boolean allowPrivateTargets,
        Set<Integer> refusedPorts,
        @DefaultValue("32") @Positive int maxInFlightPerHook,
        @DefaultValue("256") @Positive int maxConnectionsPerHost,
        @DefaultValue("1024") @Positive int maxInFlight,
        @DefaultValue("64") @Positive int maxInFlightPerOwner,
        @DefaultValue("2000") @Positive int maxQueuedPerOwner,
        @DefaultValue("2000") @Positive int maxQueued,
        @DefaultValue("5s") Duration infrastructureRetry,
        @DefaultValue("1s") Duration rowPollInterval,
        @DefaultValue("5m") Duration overdueAfter,
        @DefaultValue("20") @Positive int failuresToOpenCircuit,
        @DefaultValue("30s") Duration openCircuitFor,
        @DefaultValue("12") @Positive int topicPartitions,
        @DefaultValue("1") @Positive short topicReplicationFactor,
        @DefaultValue("30d") Duration attemptRetention,
        @DefaultValue("1h") Duration attemptPurgeInterval,
        @Valid RetryPolicy attemptLogRetry,
        @Valid RetryPolicy forwardRetry,
        @DefaultValue("24h") Duration secretOverlap,
        @DefaultValue("4") @Positive int failingAfter,
        @DefaultValue("5d") Duration disableAfter) {

    public WebhookProperties {
        if (disableAfter.isNegative()) {
            throw new IllegalArgumentException("WEBHOOK_DISABLE_AFTER must be 0 (never) or a positive duration");
        }
        refusedPorts = refusedPorts == null ? TargetAddressRule.LOCAL_STACK_PORTS : Set.copyOf(refusedPorts);
        if (attemptLogRetry == null) {
            attemptLogRetry = new RetryPolicy(6, Duration.ofMillis(100), Duration.ofSeconds(3));
        }
        if (forwardRetry == null) {
            forwardRetry = new RetryPolicy(10, Duration.ofMillis(200), Duration.ofSeconds(10));
        }
    }

    /** Where a webhook may connect, as api-service decided it at subscribe time. */
    public TargetAddressRule targetAddressRule() {
        return new TargetAddressRule(allowPrivateTargets, refusedPorts);
    }

    public RetrySchedule retrySchedule() {
        return new RetrySchedule(retryDelays);
    }
}
