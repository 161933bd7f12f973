package com.holidaylistings.integration.dispatcher.delivery;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * Per target URL: a circuit breaker that, after consecutive failures, sends that target's
 * deliveries straight to the retry path for a while instead of tying up a connection for the
 * whole timeout; and a bulkhead that caps how many deliveries to it are in flight at once.
 */
@Component
class TargetGuards {

    private final CircuitBreakerRegistry breakers;
    private final BulkheadRegistry bulkheads;

    TargetGuards(WebhookProperties properties, MeterRegistry meters) {
        this.breakers = CircuitBreakerRegistry.of(CircuitBreakerConfig.custom()
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(properties.failuresToOpenCircuit())
                .minimumNumberOfCalls(properties.failuresToOpenCircuit())
                .failureRateThreshold(100)
                .waitDurationInOpenState(properties.openCircuitFor())
                .permittedNumberOfCallsInHalfOpenState(1)
                .build());
        this.bulkheads = BulkheadRegistry.of(BulkheadConfig.custom()
                .maxConcurrentCalls(properties.maxConcurrencyPerTarget())
                .maxWaitDuration(properties.timeout())
                .build());
        Gauge.builder("webhook.circuit.breakers.open", breakers, TargetGuards::openCount)
                .description("Targets whose deliveries currently skip straight to the retry path")
                .register(meters);
    }

    /**
     * Sends through the target's breaker and bulkhead: a target whose circuit is open, or with too
     * many deliveries in flight, gets no request and the delivery fails at once. A 410 counts as an
     * answer, not a failure of the target.
     */
    HttpOutcome send(String targetUrl, Supplier<HttpOutcome> post) {
        CircuitBreaker breaker = breaker(targetUrl);
        if (!breaker.tryAcquirePermission()) {
            return HttpOutcome.notSent("circuit open: this target keeps failing");
        }
        Bulkhead bulkhead = bulkheads.bulkhead(targetUrl);
        if (!bulkhead.tryAcquirePermission()) {
            breaker.releasePermission();
            return HttpOutcome.notSent("too many deliveries in flight to this target");
        }
        try {
            HttpOutcome outcome = post.get();
            long nanos = outcome.duration().toNanos();
            if (outcome.succeeded() || outcome.gone()) {
                breaker.onSuccess(nanos, TimeUnit.NANOSECONDS);
            } else {
                breaker.onError(nanos, TimeUnit.NANOSECONDS, new TargetFailed(outcome));
            }
            return outcome;
        } finally {
            bulkhead.onComplete();
        }
    }

    CircuitBreaker breaker(String targetUrl) {
        return breakers.circuitBreaker(targetUrl);
    }

    /** What the breaker counts as a failure of the target. */
    private static final class TargetFailed extends RuntimeException {
        TargetFailed(HttpOutcome outcome) {
            super(outcome.failureReason(), null, false, false);
        }
    }

    private static double openCount(CircuitBreakerRegistry registry) {
        return registry.getAllCircuitBreakers().stream()
                .filter(breaker -> breaker.getState() == CircuitBreaker.State.OPEN)
                .count();
    }
}
