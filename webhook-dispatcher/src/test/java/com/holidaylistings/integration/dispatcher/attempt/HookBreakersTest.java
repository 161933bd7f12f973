package com.holidaylistings.integration.dispatcher.attempt;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.dispatcher.settings.Settings;
import com.holidaylistings.integration.dispatcher.transition.HttpOutcome;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class HookBreakersTest {

    private static final SubscriptionId FAILING = SubscriptionId.of(UUID.randomUUID());
    private static final SubscriptionId QUIET = SubscriptionId.of(UUID.randomUUID());

    private final HookBreakers breakers = new HookBreakers(Settings.documentedDefaults(), new SimpleMeterRegistry());

    private static HttpOutcome answered(int status) {
        return new HttpOutcome(status, "", false, null, Duration.ofMillis(1), null);
    }

    private void failTwentyTimes(SubscriptionId hook) {
        for (int i = 0; i < 20; i++) {
            breakers.send(hook, false, () -> answered(500));
        }
    }

    @Test
    void opensTheCircuitOfAHookAfterItsFailuresAndSendsNothingThere() {
        failTwentyTimes(FAILING);
        assertThat(breakers.breaker(FAILING).getState()).isEqualTo(CircuitBreaker.State.OPEN);
        HttpOutcome skipped = breakers.send(FAILING, false, () -> {
            throw new AssertionError("no request to an open circuit");
        });
        assertThat(skipped.error()).startsWith("circuit open");
    }

    /** Two owners' hooks on one receiver URL: the 401s of one owner's (a wrong secret there) are its own. */
    @Test
    @Tag("security")
    void anotherHookOnTheSameReceiverKeepsItsCircuitClosed() {
        for (int i = 0; i < 20; i++) {
            breakers.send(FAILING, false, () -> answered(401));
        }
        AtomicInteger sent = new AtomicInteger();
        HttpOutcome neighbour = breakers.send(QUIET, false, () -> {
            sent.incrementAndGet();
            return answered(204);
        });
        assertThat(breakers.breaker(FAILING).getState()).isEqualTo(CircuitBreaker.State.OPEN);
        assertThat(neighbour.succeeded()).isTrue();
        assertThat(sent).hasValue(1);
    }

    @Test
    void aTestEventGoesPastAnOpenCircuitAndIsNotCounted() {
        failTwentyTimes(FAILING);
        HttpOutcome test = breakers.send(FAILING, true, () -> answered(204));
        assertThat(test.succeeded()).as("sent despite the open circuit").isTrue();
        assertThat(breakers.breaker(FAILING).getState())
                .as("and not counted as its success")
                .isEqualTo(CircuitBreaker.State.OPEN);

        for (int i = 0; i < 50; i++) {
            breakers.send(QUIET, true, () -> answered(500));
        }
        assertThat(breakers.breaker(QUIET).getState())
                .as("failing test events open nothing")
                .isEqualTo(CircuitBreaker.State.CLOSED);
    }

    @Test
    void dropsTheClosedBreakersOfHooksUnusedForTenMinutesAndKeepsTheOpenOnes() {
        breakers.send(QUIET, false, () -> answered(204));
        failTwentyTimes(FAILING);
        breakers.dropIdle(System.nanoTime());
        assertThat(breakers.hooks()).as("both used just now").isEqualTo(2);

        breakers.dropIdle(System.nanoTime() + HookBreakers.IDLE.plusSeconds(1).toNanos());

        assertThat(breakers.hooks()).as("the open one is kept").isEqualTo(1);
        assertThat(breakers.breaker(FAILING).getState()).isEqualTo(CircuitBreaker.State.OPEN);
    }
}
