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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.stereotype.Component;

/**
 * One attempt of one delivery, start to end: its row, payload and subscription as they are now (in
 * one query); nothing when the record is not the one the delivery waits for (a copy, or stale), or
 * not yet (early: tried again shortly); a skip when the subscription was paused or removed; a wait on
 * the row when the hook's throttle gives it a later start ({@link HookThrottle}); otherwise the
 * target's guards, the signed POST, {@link DeliveryTransitions}' decision, a failure's record on
 * its retry topic ({@link RetryForwarder}, before the attempt is stored), and the {@link AttemptLog}.
 * Returns once the receiver has answered, with a future that completes once the change is stored:
 * the owner's lane slot bounds the requests to its receivers, not the attempt log's batching. A
 * failure of our own infrastructure (the database) is thrown or completes the future exceptionally:
 * the record is tried again later, not counted as an attempt.
 */
@Component
public class WebhookAttempt {

    private static final Logger log = LoggerFactory.getLogger(WebhookAttempt.class);

    private final Deliveries deliveries;
    private final TargetGuards guards;
    private final WebhookSender sender;
    private final AttemptLog attempts;
    private final DeliveryMetrics metrics;
    private final DeliveryTransitions transitions;
    private final RetryForwarder forwarder;
    private final HookThrottle throttle;
    private final AttemptSpan spans;

    /** What became of a record. */
    public enum Result {
        /** Attempted, skipped or passed over: the record is done. */
        DONE,
        /** It came before the row was told of the attempt before it: try it again shortly. */
        EARLY
    }

    WebhookAttempt(Deliveries deliveries, TargetGuards guards, WebhookSender sender, AttemptLog attempts,
            DeliveryMetrics metrics, DeliveryTransitions transitions, RetryForwarder forwarder, HookThrottle throttle,
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
    CompletableFuture<Result> attempt(DeliveryTask task, Instant dueAt) {
        return attempt(task, dueAt, null);
    }

    /** As {@link #attempt(DeliveryTask, Instant)}, the attempt a span under the record's {@code traceparent}. */
    public CompletableFuture<Result> attempt(DeliveryTask task, Instant dueAt, String traceparent) {
        Deliveries.Attemptable found = deliveries.forAttempt(task).orElse(null);
        Delivery delivery = found == null ? null : found.delivery();
        if (transitions.isEarly(delivery, task)) {
            return CompletableFuture.completedFuture(Result.EARLY);
        }
        if (!transitions.isDue(delivery, task)) {
            metrics.passedOver(delivery == null ? "gone" : "not_due");
            log.debug("Record of delivery {} for attempt {} passed over: the row is {}", task.webhookId(), task.attempt(),
                    delivery == null ? "gone" : delivery.status() + " after " + delivery.attempts() + " attempts");
            return CompletableFuture.completedFuture(Result.DONE);
        }
        if (found.receivesNothing()) {
            return attempts.record(AttemptLog.Change.skipped(delivery, transitions.skipped(delivery))).thenApply(stored -> Result.DONE);
        }
        if (found.needsThrottle()) {
            HookThrottle.Reservation start = throttle.reserve(delivery.subscription(), found.throttlePerSecond());
            if (!start.startsNow()) {
                metrics.throttled(start.delay());
                return attempts.record(AttemptLog.Change.throttled(delivery, transitions.throttled(delivery), start.startAt()))
                        .thenApply(stored -> Result.DONE);
            }
        }
        if (found.requestId() != null) {
            MDC.put("requestId", found.requestId()); // the intake or redelivery request's id, in every log line of the attempt
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
            HttpOutcome http = guards.send(found.url(),
                    () -> sender.post(found.url(), found.payload(), delivery.webhookId(), found.secrets(),
                            delivery.test()));
            Instant finishedAt = Instant.now(); // the retry's delay counts from here
            span.answered(http);
            DeliveryTransitions.AfterAttempt after = transitions.afterAttempt(delivery, http, finishedAt);
            if (after.recordMovesOn() && !forwarder.forward(task, after) && !after.movesOn().abandoned()) {
                after = transitions.waitingOnRow(after);
            }
            Attempt attempt = new Attempt(delivery, after.next().attempts(), after.outcome(), http.status(), http.error(),
                    http.duration().toMillis(), http.body(), http.bodyTruncated(), startedAt, after.nextAttemptAt(),
                    http.requestHeaders(), http.responseHeaders());
            metrics.attempted(after.outcome(), http.status(), http.duration());
            if (http.succeeded() && found.timedAsPipeline() && !found.askedFor()) {
                metrics.delivered(Duration.between(task.submittedAt(), finishedAt));
            }
            return attempts.record(new AttemptLog.Change(delivery, after.next(), after.nextAttemptAt(), attempt, after.events(),
                            span.traceparent()))
                    .thenApply(stored -> Result.DONE);
        } finally {
            MDC.remove("requestId");
        }
    }
}
