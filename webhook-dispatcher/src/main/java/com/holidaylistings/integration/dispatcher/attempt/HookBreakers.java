package com.holidaylistings.integration.dispatcher.attempt;

import com.holidaylistings.integration.dispatcher.settings.WebhookProperties;
import com.holidaylistings.integration.dispatcher.transition.HttpOutcome;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Per hook, a circuit breaker that, after consecutive failures, sends that hook's deliveries
 * straight to the retry path for a while instead of tying up a connection for the whole timeout.
 * Per hook, never per target URL: owners who share a receiver (a property-management system that
 * serves all its owners from one URL and tells them apart by signature) must not share its
 * failures, so one owner's wrong secret there (401s) opens that owner's hook's breaker alone. A
 * test event goes past the breaker and is not counted: the owner sends it to see the receiver's
 * answer now. (How many of a hook's deliveries are in flight at once is its owner's lane's to
 * bound: {@code webhook.max-in-flight-per-hook}, waiting without a slot.) A closed breaker unused
 * for {@link #IDLE} is dropped, so that thousands of hooks that deliver now and then do not each keep
 * theirs (about 1.5 KB) for the life of the process; an open one is kept until it has closed.
 */
@Component
class HookBreakers implements SchedulingConfigurer {

    static final Duration IDLE = Duration.ofMinutes(10);

    private static final class Guard {
        final CircuitBreaker breaker;
        volatile long lastUsed = System.nanoTime();

        Guard(CircuitBreaker breaker) {
            this.breaker = breaker;
        }

        void used() {
            lastUsed = System.nanoTime();
        }

        boolean idleSince(long nanos) {
            return lastUsed - nanos < 0 && breaker.getState() == CircuitBreaker.State.CLOSED;
        }
    }

    private final CircuitBreakerConfig config;
    private final Map<SubscriptionId, Guard> guards = new ConcurrentHashMap<>();

    HookBreakers(WebhookProperties properties, MeterRegistry meters) {
        this.config = CircuitBreakerConfig.custom()
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(properties.failuresToOpenCircuit())
                .minimumNumberOfCalls(properties.failuresToOpenCircuit())
                .failureRateThreshold(100)
                .waitDurationInOpenState(properties.openCircuitFor())
                .permittedNumberOfCallsInHalfOpenState(1)
                .build();
        Gauge.builder("webhook.circuit.breakers.open", this, HookBreakers::openCount)
                .description("Hooks whose deliveries currently skip straight to the retry path")
                .register(meters);
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        registrar.addFixedDelayTask(this::dropIdle, Duration.ofMinutes(1));
    }

    /**
     * Sends through the hook's breaker: a hook whose circuit is open gets no request and the
     * delivery fails at once. A 410 counts as an answer, not a failure of the receiver. A test event
     * is sent whatever the breaker says, and its answer is not counted.
     */
    HttpOutcome send(SubscriptionId hook, boolean test, Supplier<HttpOutcome> post) {
        if (test) {
            return post.get();
        }
        Guard guard = guard(hook);
        CircuitBreaker breaker = guard.breaker;
        if (!breaker.tryAcquirePermission()) {
            return HttpOutcome.notSent("circuit open: this hook's receiver keeps failing");
        }
        HttpOutcome outcome = post.get();
        long nanos = outcome.duration().toNanos();
        if (outcome.succeeded() || outcome.gone()) {
            breaker.onSuccess(nanos, TimeUnit.NANOSECONDS);
        } else {
            breaker.onError(nanos, TimeUnit.NANOSECONDS, new TargetFailed(outcome));
        }
        return outcome;
    }

    CircuitBreaker breaker(SubscriptionId hook) {
        return guard(hook).breaker;
    }

    /** Hooks with a breaker kept. */
    int hooks() {
        return guards.size();
    }

    private void dropIdle() {
        dropIdle(System.nanoTime());
    }

    /** Drops the closed breakers unused for {@link #IDLE} at {@code nowNanos} ({@link System#nanoTime}). */
    void dropIdle(long nowNanos) {
        long before = nowNanos - IDLE.toNanos();
        guards.values().removeIf(guard -> guard.idleSince(before));
    }

    private Guard guard(SubscriptionId hook) {
        Guard guard = guards.computeIfAbsent(hook, id -> new Guard(CircuitBreaker.of(id.toString(), config)));
        guard.used();
        return guard;
    }

    /** What the breaker counts as a failure of the hook's receiver. */
    private static final class TargetFailed extends RuntimeException {
        TargetFailed(HttpOutcome outcome) {
            super(outcome.failureReason(), null, false, false);
        }
    }

    private static double openCount(HookBreakers guards) {
        return guards.guards.values().stream()
                .filter(guard -> guard.breaker.getState() == CircuitBreaker.State.OPEN)
                .count();
    }
}
