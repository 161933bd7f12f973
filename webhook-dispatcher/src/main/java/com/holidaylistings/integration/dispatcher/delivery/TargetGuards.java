package com.holidaylistings.integration.dispatcher.delivery;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
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

    CircuitBreaker breaker(String targetUrl) {
        return breakers.circuitBreaker(targetUrl);
    }

    Bulkhead bulkhead(String targetUrl) {
        return bulkheads.bulkhead(targetUrl);
    }

    private static double openCount(CircuitBreakerRegistry registry) {
        return registry.getAllCircuitBreakers().stream()
                .filter(breaker -> breaker.getState() == CircuitBreaker.State.OPEN)
                .count();
    }
}
