package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import com.holidaylistings.integration.events.delivery.DeliveryOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * One attempt to deliver one event to one subscription, start to end: the subscription as it is now
 * (refused when removed, paused, unsubscribed or already delivered), the target's guards, the signed
 * POST, the outcome (what follows a failure is the {@link RetrySchedule}'s decision), and the attempt
 * log. Returns once the attempt is stored; what became of it is the returned value.
 */
@Component
class WebhookAttempt {

    private final SubscriptionRepository subscriptions;
    private final TargetGuards guards;
    private final WebhookSender sender;
    private final AttemptLog attempts;
    private final DeliveryMetrics metrics;
    private final RetrySchedule schedule;

    WebhookAttempt(SubscriptionRepository subscriptions, TargetGuards guards, WebhookSender sender,
            AttemptLog attempts, DeliveryMetrics metrics, RetrySchedule schedule) {
        this.subscriptions = subscriptions;
        this.guards = guards;
        this.sender = sender;
        this.attempts = attempts;
        this.metrics = metrics;
        this.schedule = schedule;
    }

    /**
     * Attempts {@code request} at {@code stage} of the retry schedule (1 for its first attempt),
     * which was due at {@code dueAt} (null for a first attempt); {@code record} is the record value,
     * kept with a failed attempt so that it can be delivered again.
     */
    AttemptResult attempt(DeliveryRequest request, String record, int stage, Instant dueAt) {
        Optional<SubscriptionRepository.Target> found = subscriptions.target(request.subscription(), request.enquiry(),
                request.attemptNumber(1));
        if (found.isEmpty() || found.get().refusal().isPresent()) {
            return AttemptResult.SKIPPED;
        }
        SubscriptionRepository.Target target = found.get();
        Instant startedAt = Instant.now();
        if (stage == 1 && request.isFirstDelivery()) {
            metrics.firstAttemptStarted(Duration.between(request.sentAt(), startedAt));
        } else if (dueAt != null) {
            metrics.retryStarted(Duration.between(dueAt, startedAt));
        }
        HttpOutcome http = guards.send(target.url(),
                () -> sender.post(target.url(), request.payload(), request.webhookId(), target.secrets()));
        Instant finishedAt = startedAt.plus(http.duration());
        AttemptResult result = http.succeeded() ? AttemptResult.of(DeliveryOutcome.SUCCEEDED)
                : http.gone() ? AttemptResult.of(DeliveryOutcome.GONE)
                : AttemptResult.failed(schedule.afterFailure(stage, finishedAt, http.status(), http.retryAfter()),
                        http.failureReason());
        // A GONE attempt unsubscribes its subscription when it is stored (AttemptLog), with its hook.unsubscribed event.
        attempts.record(new Attempt(request.subscription(), request.enquiry(), request.attemptNumber(stage),
                        result.outcome(), http.status(), http.error(), http.duration().toMillis(), http.body(),
                        startedAt, result.movesOn() ? result.next().nextAttemptAt() : null), record)
                .join();
        metrics.attempted(result.outcome(), http.duration());
        return result;
    }

    /** Our own infrastructure failed before or while attempting: the record moves on as if the attempt had failed. */
    AttemptResult notAttempted(int stage, Throwable cause) {
        return AttemptResult.failed(schedule.afterFailure(stage, Instant.now(), null, null),
                "not attempted: " + cause.getMessage());
    }
}
