package com.holidaylistings.integration.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class OpenLoopTest {

    @Test
    void schedulesEachStretchAfterTheOneBeforeAtItsOwnRate() {
        List<Long> due = new ArrayList<>();
        AtomicInteger failed = new AtomicInteger();
        long start = System.nanoTime();
        List<Long> answered;
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            answered = OpenLoop.run(
                    threads,
                    start,
                    List.of(new OpenLoop.Stretch(100, 3), OpenLoop.Stretch.lasting(50, Duration.ZERO)),
                    (index, scheduledAt) -> {
                        due.add(scheduledAt - start);
                        return () -> {
                            if (index == 1) {
                                throw new IllegalStateException("refused");
                            }
                            return index == 2 ? null : index;
                        };
                    },
                    failed::incrementAndGet);
        }

        assertThat(due).containsExactly(0L, 10_000_000L, 20_000_000L);
        assertThat(answered).containsExactly(0L);
        assertThat(failed).hasValue(1);
    }

    @Test
    void aStretchOfWholeSecondsLastsThem() {
        OpenLoop.Stretch burst = OpenLoop.Stretch.lasting(1_000, Duration.ofSeconds(60));

        assertThat(burst.submissions()).isEqualTo(60_000);
        assertThat(burst.duration()).isEqualTo(Duration.ofSeconds(60));
    }
}
