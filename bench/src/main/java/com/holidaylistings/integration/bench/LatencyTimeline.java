package com.holidaylistings.integration.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Latencies by the second of their scheduled time since a run's start: each second's percentile,
 * for a timeline, and how long after a moment (a burst's end) it took until every later second
 * stayed within a bound. Keeps every value: a second has a few hundred or thousand, and its
 * percentiles are then exact (nearest rank).
 */
final class LatencyTimeline {

    private final long start;
    private final Map<Long, List<Long>> bySecond = new TreeMap<>();

    /** A timeline whose second 0 starts at {@code start} ({@link System#nanoTime()}). */
    LatencyTimeline(long start) {
        this.start = start;
    }

    synchronized void record(long scheduledAt, long nanos) {
        bySecond.computeIfAbsent(Math.floorDiv(scheduledAt - start, 1_000_000_000L), second -> new ArrayList<>())
                .add(nanos);
    }

    /** Each second's {@code percentile} (0–100) in milliseconds, by seconds since the start, in order. */
    synchronized Map<Double, Double> millisAt(double percentile) {
        Map<Double, Double> timeline = new LinkedHashMap<>();
        bySecond.forEach(
                (second, values) -> timeline.put(second.doubleValue(), Latencies.round(millisAt(values, percentile))));
        return timeline;
    }

    /**
     * Seconds from {@code from} (seconds since the start) until every later second's
     * {@code percentile} is at most {@code boundMillis}: to the end of the last second over it,
     * 0 when none is.
     */
    synchronized double secondsUntilWithin(double percentile, double boundMillis, long from) {
        long until = 0;
        for (Map.Entry<Long, List<Long>> second : bySecond.entrySet()) {
            if (second.getKey() >= from && millisAt(second.getValue(), percentile) > boundMillis) {
                until = second.getKey() + 1 - from;
            }
        }
        return until;
    }

    private static double millisAt(List<Long> values, double percentile) {
        long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
        int rank = (int) Math.ceil(percentile / 100 * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1e6;
    }
}
