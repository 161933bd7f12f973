package com.holidaylistings.integration.dispatcher.attempt;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.dispatcher.settings.Settings;
import com.holidaylistings.integration.dispatcher.transition.HttpOutcome;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TargetGuardsTest {

    private final TargetGuards guards = new TargetGuards(Settings.documentedDefaults(), new SimpleMeterRegistry());

    @Test
    void opensTheCircuitOfATargetAfterItsFailuresAndSendsNothingThere() {
        for (int i = 0; i < 20; i++) {
            guards.send("https://failing.example/hook", () -> new HttpOutcome(500, "", false, null, Duration.ofMillis(1), null));
        }
        assertThat(guards.breaker("https://failing.example/hook").getState()).isEqualTo(CircuitBreaker.State.OPEN);
        HttpOutcome skipped = guards.send("https://failing.example/hook", () -> {
            throw new AssertionError("no request to an open circuit");
        });
        assertThat(skipped.error()).startsWith("circuit open");
    }

    @Test
    void dropsTheClosedBreakersOfTargetsUnusedForTenMinutesAndKeepsTheOpenOnes() {
        guards.send("https://quiet.example/hook", () -> new HttpOutcome(204, "", false, null, Duration.ofMillis(1), null));
        for (int i = 0; i < 20; i++) {
            guards.send("https://failing.example/hook", () -> new HttpOutcome(500, "", false, null, Duration.ofMillis(1), null));
        }
        guards.dropIdle(System.nanoTime());
        assertThat(guards.targets()).as("both used just now").isEqualTo(2);

        guards.dropIdle(System.nanoTime() + TargetGuards.IDLE.plusSeconds(1).toNanos());

        assertThat(guards.targets()).as("the open one is kept").isEqualTo(1);
        assertThat(guards.breaker("https://failing.example/hook").getState()).isEqualTo(CircuitBreaker.State.OPEN);
    }
}
