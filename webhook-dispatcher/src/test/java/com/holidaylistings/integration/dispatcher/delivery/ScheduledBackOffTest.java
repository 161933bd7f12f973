package com.holidaylistings.integration.dispatcher.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.util.backoff.BackOffExecution;

class ScheduledBackOffTest {

    private static final List<Duration> DELAYS = List.of(Duration.ofSeconds(1), Duration.ofMinutes(5), Duration.ofHours(4));

    @Test
    void givesEachDelayOnceInOrderThenStops() {
        BackOffExecution execution = new ScheduledBackOff(DELAYS).start();

        assertThat(execution.nextBackOff()).isEqualTo(1_000);
        assertThat(execution.nextBackOff()).isEqualTo(300_000);
        assertThat(execution.nextBackOff()).isEqualTo(14_400_000);
        assertThat(execution.nextBackOff()).isEqualTo(BackOffExecution.STOP);
        assertThat(execution.nextBackOff()).isEqualTo(BackOffExecution.STOP);
    }

    @Test
    void startsEachExecutionFromTheFirstDelay() {
        ScheduledBackOff backOff = new ScheduledBackOff(DELAYS);
        BackOffExecution first = backOff.start();
        first.nextBackOff();
        first.nextBackOff();

        assertThat(backOff.start().nextBackOff()).isEqualTo(1_000);
        assertThat(first.nextBackOff()).isEqualTo(14_400_000);
    }

    @Test
    void keepsTheScheduleItWasGiven() {
        List<Duration> delays = new ArrayList<>(DELAYS);
        ScheduledBackOff backOff = new ScheduledBackOff(delays);
        delays.clear();

        assertThat(backOff.start().nextBackOff()).isEqualTo(1_000);
    }
}
