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
    void refusesOnlyTheFailuresBeyondTheAllowanceOfTheWindow() {
        assertThat(failures.fail("203.0.113.7")).isEmpty();
        assertThat(failures.fail("203.0.113.7")).isEmpty();
        assertThat(failures.fail("203.0.113.7")).isEmpty();

        assertThat(failures.fail("203.0.113.7")).contains(Duration.ofMinutes(1));
    }

    @Test
    void refusesUntilTheWindowThatBeganWithTheFirstFailureEnds() {
        failures.fail("203.0.113.7");
        advance(Duration.ofSeconds(20));
        failures.fail("203.0.113.7");
        failures.fail("203.0.113.7");

        assertThat(failures.fail("203.0.113.7")).contains(Duration.ofSeconds(40));
        advance(Duration.ofSeconds(39));
        assertThat(failures.fail("203.0.113.7"))
                .as("refused failures do not extend the window")
                .contains(Duration.ofSeconds(1));
        advance(Duration.ofSeconds(1));
        assertThat(failures.fail("203.0.113.7")).isEmpty();
    }

    @Test
    void startsAFreshWindowAfterTheLastOneEnded() {
        failures.fail("203.0.113.7");
        failures.fail("203.0.113.7");
        advance(Duration.ofMinutes(1));

        failures.fail("203.0.113.7");
        failures.fail("203.0.113.7");

        assertThat(failures.fail("203.0.113.7"))
                .as("the third failure of this window")
                .isEmpty();
    }

    @Test
    void leavesOtherAddressesAlone() {
        for (int i = 0; i < 10; i++) {
            failures.fail("203.0.113.7");
        }

        assertThat(failures.fail("203.0.113.7")).isPresent();
        assertThat(failures.fail("203.0.113.8")).isEmpty();
        assertThat(failures.fail("2001:db8::7")).isEmpty();
    }

    @Test
    void countsIpv6AddressesPerSlash64() {
        failures.fail("2001:db8:0:1::1");
        failures.fail("2001:db8:0:1:ffff:ffff:ffff:ffff");
        failures.fail("2001:0db8:0000:0001:0:0:0:abcd");

        assertThat(failures.fail("2001:db8:0:1::9")).as("same /64").isPresent();
        assertThat(failures.fail("2001:db8:0:2::1")).as("the next /64").isEmpty();
    }

    @Test
    void tracksAtMostTheConfiguredNumberOfAddressesForgettingTheOldestWindowsFirst() {
        FailedAuthentications small =
                new FailedAuthentications(new FailedAuthenticationProperties(1, Duration.ofMinutes(1), 2), now::get);
        small.fail("203.0.113.1");
        advance(Duration.ofSeconds(1));
        small.fail("203.0.113.2");
        advance(Duration.ofSeconds(1));
        small.fail("203.0.113.3");

        assertThat(small.tracked()).isEqualTo(2);
        assertThat(small.fail("203.0.113.2")).isPresent();
        assertThat(small.fail("203.0.113.3")).isPresent();
        assertThat(small.fail("203.0.113.1")).as("forgotten: a fresh window").isEmpty();
    }

    @Test
    void roundsRetryAfterUpToWholeSecondsAndNeverToZero() {
        assertThat(FailedAuthentications.retryAfterSeconds(Duration.ofMillis(1)))
                .isEqualTo(1);
        assertThat(FailedAuthentications.retryAfterSeconds(Duration.ofMillis(1001)))
                .isEqualTo(2);
        assertThat(FailedAuthentications.retryAfterSeconds(Duration.ofSeconds(60)))
                .isEqualTo(60);
    }

    private void advance(Duration duration) {
        now.addAndGet(duration.toNanos());
    }
}
