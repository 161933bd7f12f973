package com.holidaylistings.integration.dispatcher;

import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import jakarta.validation.constraints.Positive;
import java.time.Duration;

/**
 * How a call to our own infrastructure (PostgreSQL, Kafka) is retried in process before the
 * failure goes up: {@code maxAttempts} tries in all, waiting {@code firstBackoff}, then twice as long
 * each time up to {@code maxBackoff}. Not the webhook retry schedule, which is {@code RetrySchedule}.
 */
public record RetryPolicy(@Positive int maxAttempts, Duration firstBackoff, Duration maxBackoff) {

    public Retry toRetry(String name) {
        return Retry.of(
                name,
                RetryConfig.custom()
                        .maxAttempts(maxAttempts)
                        .intervalFunction(IntervalFunction.ofExponentialBackoff(firstBackoff, 2.0, maxBackoff))
                        .build());
    }
}
