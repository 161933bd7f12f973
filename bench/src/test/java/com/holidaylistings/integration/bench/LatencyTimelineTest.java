package com.holidaylistings.integration.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LatencyTimelineTest {

    private static final long START = 1_000_000_000_000L;
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;

    @Test
    void eachSecondHasItsOwnPercentilesByNearestRank() {
        LatencyTimeline timeline = new LatencyTimeline(START);
        for (int i = 1; i <= 100; i++) {
            timeline.record(START + i * MS, i * MS);
        }
        timeline.record(START + 2 * SECOND, 500 * MS);

        assertThat(timeline.millisAt(50)).containsExactly(entry(0.0, 50.0), entry(2.0, 500.0));
        assertThat(timeline.millisAt(99)).containsEntry(0.0, 99.0);
        assertThat(timeline.millisAt(100)).containsEntry(0.0, 100.0);
    }

    @Test
    void countsTheSecondsFromAMomentUntilEveryLaterSecondIsWithinTheBound() {
        LatencyTimeline timeline = new LatencyTimeline(START);
        timeline.record(START, 900 * MS); // before the moment: not counted
        timeline.record(START + 10 * SECOND, 300 * MS);
        timeline.record(START + 12 * SECOND, 150 * MS);
        timeline.record(START + 13 * SECOND, 100 * MS); // at the bound: within it
        timeline.record(START + 14 * SECOND, 20 * MS);

        assertThat(timeline.secondsUntilWithin(99, 100, 10)).isEqualTo(3);
        assertThat(timeline.secondsUntilWithin(99, 1_000, 0)).isZero();
    }

    @Test
    void shorterBucketsAreKeyedBySecondsAndTakeWhatWasDueBeforeTheStart() {
        LatencyTimeline timeline = new LatencyTimeline(START, Duration.ofMillis(100));
        timeline.record(START - 50 * MS, 7 * MS);
        timeline.record(START + 320 * MS, 3 * MS);
        timeline.record(START + 350 * MS, 9 * MS);

        assertThat(timeline.millisAt(100)).containsExactly(entry(-0.1, 7.0), entry(0.3, 9.0));
        assertThatThrownBy(() -> timeline.secondsUntilWithin(99, 100, 0)).isInstanceOf(IllegalStateException.class);
    }

    private static java.util.Map.Entry<Double, Double> entry(double key, double value) {
        return java.util.Map.entry(key, value);
    }
}
