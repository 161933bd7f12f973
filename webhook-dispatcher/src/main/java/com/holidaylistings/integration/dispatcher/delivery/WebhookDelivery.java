package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.dispatcher.fanout.DeliveryRequest;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * One delivery attempt per record, each on its own virtual thread, so that no consumer thread
 * ever waits on a receiver: a hanging receiver holds only its own deliveries. The record's future
 * completes once the attempt is stored; a failed attempt completes it exceptionally with
 * {@link DeliveryFailed}.
 */
@Component
class WebhookDelivery implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(WebhookDelivery.class);

    private final Targets targets;
    private final WebhookSender sender;
    private final TargetGuards guards;
    private final AttemptLog attempts;
    private final DeliveryMetrics metrics;
    private final WebhookProperties properties;
    private final JsonMapper json;
    private final Semaphore inFlight;
    // Copies of one delivery (an event published or fanned out twice) run one after the other, so
    // that the second finds the first recorded as delivered instead of delivering again.
    private final Map<String, CompletableFuture<Void>> inFlightByWebhookId = new ConcurrentHashMap<>();
    private final ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
    private final ScheduledExecutorService timers =
            Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("webhook-not-before").factory());

    WebhookDelivery(Targets targets, WebhookSender sender, TargetGuards guards, AttemptLog attempts,
            DeliveryMetrics metrics, WebhookProperties properties, JsonMapper json) {
        this.targets = targets;
        this.sender = sender;
        this.guards = guards;
        this.attempts = attempts;
        this.metrics = metrics;
        this.properties = properties;
        this.json = json;
        this.inFlight = new Semaphore(properties.maxInFlight());
    }

    CompletableFuture<Void> deliver(ConsumerRecord<String, String> record) throws InterruptedException {
        DeliveryRequest request;
        try {
            request = json.readValue(record.value(), DeliveryRequest.class);
        } catch (JacksonException | IllegalArgumentException e) {
            log.error("Unreadable delivery record {}-{}@{} skipped", record.topic(), record.partition(), record.offset(), e);
            return CompletableFuture.completedFuture(null);
        }
        int stage = RetryHeaders.attempt(record);
        Instant dueAt = RetryHeaders.dueAt(record);
        Instant notBefore = RetryHeaders.notBefore(record);
        inFlight.acquire(); // beyond maxInFlight, consumption waits: back pressure, not unbounded memory
        CompletableFuture<Void> done = new CompletableFuture<>();
        Runnable work = () -> {
            if (request.requestId() != null) {
                MDC.put("requestId", request.requestId()); // the intake or redelivery request's id, in every log line of the attempt
            }
            try {
                attempt(request, record.value(), stage, dueAt);
                done.complete(null);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            } finally {
                inFlight.release();
                MDC.remove("requestId");
            }
        };
        long wait = notBefore == null ? 0 : Duration.between(Instant.now(), notBefore).toMillis();
        Runnable start = () -> {
            if (wait > 0) {
                timers.schedule(() -> workers.execute(work), wait, TimeUnit.MILLISECONDS);
            } else {
                workers.execute(work);
            }
        };
        CompletableFuture<Void> earlierCopy = inFlightByWebhookId.put(request.webhookId(), done);
        done.whenComplete((result, error) -> inFlightByWebhookId.remove(request.webhookId(), done));
        if (earlierCopy == null) {
            start.run();
        } else {
            earlierCopy.whenComplete((result, error) -> start.run());
        }
        return done;
    }

    /**
     * {@code stage} is the record's place in the retry schedule (1 for its first attempt); the
     * attempt log numbers it on from the attempts made before, when the event is delivered again.
     */
    private void attempt(DeliveryRequest request, String delivery, int stage, Instant dueAt) {
        Optional<Targets.Target> found = targets.find(request.subscriptionId(), request.enquiryId());
        if (found.isEmpty() || !found.get().receives() || found.get().alreadyDelivered()) {
            return; // removed, paused, unsubscribed by 410, or already delivered (a duplicate record)
        }
        Targets.Target target = found.get();
        Instant startedAt = Instant.now();
        if (stage == 1 && request.isFirstDelivery()) {
            metrics.firstAttemptStarted(Duration.between(request.sentAt(), startedAt));
        } else if (dueAt != null) {
            metrics.retryStarted(Duration.between(dueAt, startedAt));
        }
        HttpOutcome http = send(target, request);
        Attempt.Outcome outcome = http.succeeded() ? Attempt.Outcome.SUCCEEDED
                : http.gone() ? Attempt.Outcome.GONE
                : stage >= properties.maxAttempts() ? Attempt.Outcome.ABANDONED
                : Attempt.Outcome.FAILED;
        Instant finishedAt = startedAt.plus(http.duration());
        Duration scheduled = outcome == Attempt.Outcome.FAILED ? properties.delayAfter(stage) : null;
        Duration delay = scheduled == null ? null : delayAsked(scheduled, http);
        if (outcome == Attempt.Outcome.GONE) {
            targets.markGone(request.subscriptionId());
        }
        attempts.record(new Attempt(request.subscriptionId(), request.enquiryId(), request.attemptNumber(stage),
                        outcome, http.status(), http.error(), http.duration().toMillis(), http.body(), startedAt,
                        delay == null ? null : finishedAt.plus(delay)), delivery)
                .join();
        metrics.attempted(outcome, http.duration());
        if (outcome == Attempt.Outcome.FAILED || outcome == Attempt.Outcome.ABANDONED) {
            Instant notBefore = delay != null && delay.compareTo(scheduled) > 0 ? finishedAt.plus(delay) : null;
            throw new DeliveryFailed(http.error() != null ? http.error() : "HTTP " + http.status(), finishedAt, notBefore);
        }
    }

    /**
     * A 429 or 503 with Retry-After is retried no earlier than it asks, but no later than twice the
     * scheduled delay: a receiver cannot park its deliveries for days.
     */
    static Duration delayAsked(Duration scheduled, HttpOutcome http) {
        boolean asksToWait = http.status() != null && (http.status() == 429 || http.status() == 503);
        if (!asksToWait || http.retryAfter() == null || http.retryAfter().compareTo(scheduled) <= 0) {
            return scheduled;
        }
        Duration cap = scheduled.multipliedBy(2);
        return http.retryAfter().compareTo(cap) > 0 ? cap : http.retryAfter();
    }

    private HttpOutcome send(Targets.Target target, DeliveryRequest request) {
        CircuitBreaker breaker = guards.breaker(target.url());
        if (!breaker.tryAcquirePermission()) {
            return new HttpOutcome(null, null, "circuit open: this target keeps failing", Duration.ZERO, null);
        }
        Bulkhead bulkhead = guards.bulkhead(target.url());
        if (!bulkhead.tryAcquirePermission()) {
            breaker.releasePermission();
            return new HttpOutcome(null, null, "too many deliveries in flight to this target", Duration.ZERO, null);
        }
        try {
            HttpOutcome outcome = sender.post(target.url(), request.payload(), request.webhookId(), target.secret());
            if (outcome.succeeded() || outcome.gone()) {
                breaker.onSuccess(outcome.duration().toNanos(), TimeUnit.NANOSECONDS);
            } else {
                breaker.onError(outcome.duration().toNanos(), TimeUnit.NANOSECONDS,
                        new DeliveryFailed(String.valueOf(outcome.status()), Instant.now(), null));
            }
            return outcome;
        } finally {
            bulkhead.onComplete();
        }
    }

    @Override
    public void destroy() {
        timers.shutdownNow();
        workers.shutdown();
    }
}
