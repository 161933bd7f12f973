package com.holidaylistings.integration.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The throttle on a clock the test moves: no waiting. */
class FailedAuthenticationsTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final FailedAuthentications failures =
            new FailedAuthentications(new FailedAuthenticationProperties(3, Duration.ofMinutes(1), 100), now::get);

    @Test
    void letsAnAddressTryUntilItHasFailedTheMostTimesInItsWindow() {
        failures.record("203.0.113.7");
        failures.record("203.0.113.7");
        assertThat(failures.blockedFor("203.0.113.7")).isEmpty();

        failures.record("203.0.113.7");

        assertThat(failures.blockedFor("203.0.113.7")).contains(Duration.ofMinutes(1));
    }

    @Test
    void blocksUntilTheWindowThatBeganWithTheFirstFailureEnds() {
        failures.record("203.0.113.7");
        advance(Duration.ofSeconds(20));
        failures.record("203.0.113.7");
        failures.record("203.0.113.7");

        assertThat(failures.blockedFor("203.0.113.7")).contains(Duration.ofSeconds(40));
        advance(Duration.ofSeconds(39));
        assertThat(failures.blockedFor("203.0.113.7")).contains(Duration.ofSeconds(1));
        advance(Duration.ofSeconds(1));
        assertThat(failures.blockedFor("203.0.113.7")).isEmpty();
    }

    @Test
    void startsAFreshWindowAfterTheLastOneEnded() {
        failures.record("203.0.113.7");
        failures.record("203.0.113.7");
        advance(Duration.ofMinutes(1));

        failures.record("203.0.113.7");
        failures.record("203.0.113.7");

        assertThat(failures.blockedFor("203.0.113.7")).as("two failures in this window").isEmpty();
    }

    @Test
    void leavesOtherAddressesAlone() {
        for (int i = 0; i < 10; i++) {
            failures.record("203.0.113.7");
        }

        assertThat(failures.blockedFor("203.0.113.7")).isPresent();
        assertThat(failures.blockedFor("203.0.113.8")).isEmpty();
        assertThat(failures.blockedFor("2001:db8::7")).isEmpty();
    }

    @Test
    void tracksAtMostTheConfiguredNumberOfAddressesForgettingTheOldestWindowsFirst() {
        FailedAuthentications small =
                new FailedAuthentications(new FailedAuthenticationProperties(1, Duration.ofMinutes(1), 2), now::get);
        small.record("203.0.113.1");
        advance(Duration.ofSeconds(1));
        small.record("203.0.113.2");
        advance(Duration.ofSeconds(1));
        small.record("203.0.113.3");

        assertThat(small.tracked()).isEqualTo(2);
        assertThat(small.blockedFor("203.0.113.1")).as("forgotten").isEmpty();
        assertThat(small.blockedFor("203.0.113.2")).isPresent();
        assertThat(small.blockedFor("203.0.113.3")).isPresent();
    }

    @Test
    void roundsRetryAfterUpToWholeSecondsAndNeverToZero() {
        assertThat(FailedAuthentications.retryAfterSeconds(Duration.ofMillis(1))).isEqualTo(1);
        assertThat(FailedAuthentications.retryAfterSeconds(Duration.ofMillis(1001))).isEqualTo(2);
        assertThat(FailedAuthentications.retryAfterSeconds(Duration.ofSeconds(60))).isEqualTo(60);
    }

    private void advance(Duration duration) {
        now.addAndGet(duration.toNanos());
    }
}
