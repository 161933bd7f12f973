package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
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
 * Runs each delivery record's attempt on its own virtual thread, so that no consumer thread ever
 * waits on a receiver: a hanging receiver holds only its own deliveries. Beyond
 * {@code maxInFlight} attempts in flight, {@link #submit} blocks: consumption waits (back pressure,
 * not unbounded memory). A retry that the receiver asked to postpone (Retry-After) waits on a timer,
 * holding its slot but not its partition. Copies of one delivery (an event published or fanned out
 * twice) run one after the other, so that the second finds the first recorded as delivered.
 */
@Component
class DeliveryScheduler implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(DeliveryScheduler.class);

    private final WebhookAttempt attempt;
    private final RetrySchedule schedule;
    private final JsonMapper json;
    private final Semaphore inFlight;
    private final Map<String, CompletableFuture<AttemptResult>> inFlightByWebhookId = new ConcurrentHashMap<>();
    private final ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
    private final ScheduledExecutorService timers =
            Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("webhook-not-before").factory());

    DeliveryScheduler(WebhookAttempt attempt, RetrySchedule schedule, JsonMapper json, WebhookProperties properties) {
        this.attempt = attempt;
        this.schedule = schedule;
        this.json = json;
        this.inFlight = new Semaphore(properties.maxInFlight());
    }

    /** Starts the record's attempt; the future completes with what became of it, never exceptionally. */
    CompletableFuture<AttemptResult> submit(ConsumerRecord<String, String> record) throws InterruptedException {
        DeliveryRequest request;
        try {
            request = json.readValue(record.value(), DeliveryRequest.class);
        } catch (JacksonException | IllegalArgumentException e) {
            log.error("Unreadable delivery record {}-{}@{} skipped", record.topic(), record.partition(), record.offset(), e);
            return CompletableFuture.completedFuture(AttemptResult.SKIPPED);
        }
        int stage = RetrySchedule.stageOf(record);
        Instant dueAt = schedule.effectiveDueAt(record);
        Instant notBefore = RetrySchedule.notBefore(record);
        inFlight.acquire();
        CompletableFuture<AttemptResult> done = new CompletableFuture<>();
        Runnable work = () -> {
            if (request.requestId() != null) {
                MDC.put("requestId", request.requestId()); // the intake or redelivery request's id, in every log line of the attempt
            }
            try {
                done.complete(attempt.attempt(request, record.value(), stage, dueAt));
            } catch (RuntimeException e) {
                done.complete(attempt.notAttempted(stage, e));
            } finally {
                inFlight.release();
                MDC.remove("requestId");
            }
        };
        CompletableFuture<AttemptResult> earlierCopy = inFlightByWebhookId.put(request.webhookId(), done);
        done.whenComplete((result, error) -> inFlightByWebhookId.remove(request.webhookId(), done));
        if (earlierCopy == null) {
            start(work, notBefore);
        } else {
            earlierCopy.whenComplete((result, error) -> start(work, notBefore));
        }
        return done;
    }

    private void start(Runnable work, Instant notBefore) {
        long wait = notBefore == null ? 0 : Duration.between(Instant.now(), notBefore).toMillis();
        if (wait > 0) {
            timers.schedule(() -> workers.execute(work), wait, TimeUnit.MILLISECONDS);
        } else {
            workers.execute(work);
        }
    }

    @Override
    public void destroy() {
        timers.shutdownNow();
        workers.shutdown();
    }
}
