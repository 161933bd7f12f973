package com.holidaylistings.integration.dispatcher.delivery;

import java.time.Duration;
import java.util.List;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.BackOffExecution;

/** The retry schedule as Spring's BackOff: each listed delay once, then stop. */
final class ScheduledBackOff implements BackOff {

    private final List<Duration> delays;

    ScheduledBackOff(List<Duration> delays) {
        this.delays = List.copyOf(delays);
    }

    @Override
    public BackOffExecution start() {
        return new BackOffExecution() {
            private int next;

            @Override
            public long nextBackOff() {
                return next < delays.size() ? delays.get(next++).toMillis() : STOP;
            }
        };
    }
}
