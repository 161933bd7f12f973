package com.holidaylistings.integration.dispatcher.attempt;

import com.holidaylistings.integration.dispatcher.log.AttemptLog;
import com.holidaylistings.integration.dispatcher.log.Deliveries;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.dispatcher.throttle.HookThrottle;
import com.holidaylistings.integration.dispatcher.transition.Attempt;
import com.holidaylistings.integration.dispatcher.transition.Delivery;
import com.holidaylistings.integration.dispatcher.transition.DeliveryTransitions;
import com.holidaylistings.integration.dispatcher.transition.HttpOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.stereotype.Component;

/**
 * One attempt of one delivery, start to end: its row, payload and subscription as they are now (in
 * one query); nothing when the record is not the one the delivery waits for (the row is not
 * pending at the record's version: a copy, or stale); a skip when the subscription was paused or removed; a wait on
 * the row when the hook's throttle gives it a later start ({@link HookThrottle}); otherwise the
 * target's guards, the signed POST, {@link DeliveryTransitions}' decision, the {@link AttemptLog},
 * and once the row is stored a failure's record on its retry topic ({@link RetryForwarder}).
 * Returns once the receiver has answered, with a future that completes once the change is stored
 * (and a failure's record sent):
 * the owner's lane slot bounds the requests to its receivers, not the attempt log's batching. A
 * failure of our own infrastructure (the database) is thrown or completes the future exceptionally:
 * the record is tried again later, not counted as an attempt.
 */
@Component
public class WebhookAttempt {

    private static final Logger log = LoggerFactory.getLogger(WebhookAttempt.class);
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);
    /** A failure's record is sent from a virtual thread of its own, not from the attempt log's batch thread. */
    private static final Executor FORWARDING =
            command -> Thread.ofVirtual().name("retry-forward").start(command);

    private final Deliveries deliveries;
    private final HookBreakers guards;
    private final WebhookSender sender;
    private final AttemptLog attempts;
    private final DeliveryMetrics metrics;
    private final DeliveryTransitions transitions;
    private final RetryForwarder forwarder;
    private final HookThrottle throttle;
    private final AttemptSpan spans;

    WebhookAttempt(
            Deliveries deliveries,
            HookBreakers guards,
            WebhookSender sender,
            AttemptLog attempts,
            DeliveryMetrics metrics,
            DeliveryTransitions transitions,
            RetryForwarder forwarder,
            HookThrottle throttle,
            AttemptSpan spans) {
        this.throttle = throttle;
        this.spans = spans;
        this.deliveries = deliveries;
        this.guards = guards;
        this.sender = sender;
        this.attempts = attempts;
        this.metrics = metrics;
        this.transitions = transitions;
        this.forwarder = forwarder;
    }

    /**
     * Attempts the delivery {@code task}'s record is for, which was due at {@code dueAt} (null for a
     * first attempt).
     */
    CompletableFuture<Void> attempt(DeliveryTask task, Instant dueAt) {
        return attempt(task, dueAt, null);
    }

    /** As {@link #attempt(DeliveryTask, Instant)}, the attempt a span under the record's {@code traceparent}. */
    public CompletableFuture<Void> attempt(DeliveryTask task, Instant dueAt, String traceparent) {
        Deliveries.Attemptable found = deliveries.forAttempt(task).orElse(null);
        Delivery delivery = found == null ? null : found.delivery();
        if (delivery == null || !delivery.awaits(task.version())) {
            metrics.passedOver(delivery == null ? "gone" : "not_due");
            log.debug(
                    "Record of delivery {} at version {} passed over: the row is {}",
                    task.webhookId(),
                    task.version(),
                    delivery == null ? "gone" : delivery.status() + " at version " + delivery.version());
            return DONE;
        }
        if (found.receivesNothing()) {
            return attempts.record(AttemptLog.Change.skipped(delivery)).thenApply(stored -> null);
        }
        if (found.needsThrottle()) {
            HookThrottle.Reservation start = throttle.reserve(delivery.subscription(), found.throttlePerSecond());
            if (!start.startsNow()) {
                metrics.throttled(start.delay());
                return attempts.record(AttemptLog.Change.throttled(delivery, start.startAt()))
                        .thenApply(stored -> null);
            }
        }
        if (found.requestId() != null) {
            MDC.put(
                    "requestId",
                    found.requestId()); // the intake or redelivery request's id, in every log line of the attempt
        }
        try (AttemptSpan.Started span = spans.start(delivery, traceparent)) {
            Instant startedAt = Instant.now();
            if (found.timedAsPipeline()) {
                if (delivery.attempts() == 0 && !found.askedFor()) { // fanned out, not recovered days later
                    metrics.firstAttemptStarted(Duration.between(task.submittedAt(), startedAt));
                } else if (dueAt != null) {
                    metrics.retryStarted(Duration.between(dueAt, startedAt));
                }
            }
            HttpOutcome http = guards.send(
                    delivery.subscription(),
                    delivery.test(),
                    () -> sender.post(
                            found.url(),
                            found.payload(),
                            delivery.webhookId(),
                            found.secrets(),
                            delivery.test(),
                            found.headers()));
            Instant finishedAt = Instant.now(); // the retry's delay counts from here
            span.answered(http);
            DeliveryTransitions.AfterAttempt after = transitions.afterAttempt(delivery, http, finishedAt);
            Attempt attempt = new Attempt(
                    delivery,
                    after.next().attempts(),
                    after.outcome(),
                    http.status(),
                    http.error() != null ? http.error() : http.control().reason(),
                    http.duration().toMillis(),
                    http.body(),
                    http.bodyTruncated(),
                    startedAt,
                    after.nextAttemptAt(),
                    http.requestHeaders(),
                    http.responseHeaders(),
                    http.control());
            metrics.attempted(after.outcome(), http.status(), http.duration());
            if (http.succeeded() && found.timedAsPipeline() && !found.askedFor()) {
                metrics.delivered(Duration.between(task.submittedAt(), finishedAt));
            }
            CompletableFuture<Boolean> stored = attempts.record(new AttemptLog.Change(
                    delivery, after.next(), after.nextAttemptAt(), attempt, after.events(), span.traceparent()));
            return after.recordMovesOn()
                    ? stored.thenComposeAsync(changed -> movedOn(changed, task, after, span), FORWARDING)
                    : stored.thenApply(changed -> null);
        } finally {
            MDC.remove("requestId");
        }
    }

    /**
     * A failed delivery's row is stored ({@code changed}: still at the version the attempt read):
     * its record moves on to the retry topic or the dead letters, for the row's new version. A retry
     * whose record Kafka would not take waits on its row instead, due when the record would have
     * been. Should this process stop in between, the row is pending with no record, and the row
     * poller takes it once overdue; the record the attempt came in is read again and passed over.
     */
    private CompletableFuture<Void> movedOn(
            boolean changed, DeliveryTask task, DeliveryTransitions.AfterAttempt after, AttemptSpan.Started span) {
        if (!changed) {
            return DONE; // another writer moved the row on meanwhile: that writer carries it on
        }
        Delivery next = after.next();
        if (spans.inScopeOf(span, () -> forwarder.forward(task.at(next.version()), after))
                || after.movesOn().abandoned()) {
            return DONE;
        }
        return attempts.record(AttemptLog.Change.waitingOnRow(next, after.nextAttemptAt()))
                .thenApply(stored -> null);
    }
}
