package com.holidaylistings.integration.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Latencies by the bucket (a second unless given) of their scheduled time since a moment (a run's
 * start, a kill, a restart): each bucket's percentile, for a timeline, and how long after a moment
 * (a burst's end, a process ready again) it took until every later second stayed within a bound.
 * The one timeline of the benchmarks. Keeps every value: a bucket has a few hundred or thousand,
 * and its percentiles are then exact (nearest rank; percentile 100 is the bucket's worst).
 */
final class LatencyTimeline {

    private static final Duration SECOND = Duration.ofSeconds(1);

    private final long start;
    private final long bucket;
    private final Map<Long, List<Long>> byBucket = new TreeMap<>();

    /** A timeline of seconds whose second 0 starts at {@code start} ({@link System#nanoTime()}). */
    LatencyTimeline(long start) {
        this(start, SECOND);
    }

    /** A timeline of {@code bucket}-long buckets whose bucket 0 starts at {@code start}. */
    LatencyTimeline(long start, Duration bucket) {
        this.start = start;
        this.bucket = bucket.toNanos();
    }

    /** Records the latency of what was due at {@code scheduledAt}; what was due before the start too. */
    synchronized void record(long scheduledAt, long nanos) {
        byBucket.computeIfAbsent(Math.floorDiv(scheduledAt - start, bucket), index -> new ArrayList<>())
                .add(nanos);
    }

    /**
     * Each bucket's {@code percentile} (0–100) in milliseconds, by the seconds from the start to
     * the bucket's beginning, in order.
     */
    synchronized Map<Double, Double> millisAt(double percentile) {
        Map<Double, Double> timeline = new LinkedHashMap<>();
        byBucket.forEach(
                (index, values) -> timeline.put(index * bucket / 1e9, Latencies.round(millisAt(values, percentile))));
        return timeline;
    }

    /**
     * Seconds from {@code from} (seconds since the start) until every later second's
     * {@code percentile} is at most {@code boundMillis}: to the end of the last second over it,
     * 0 when none is. Asked of a timeline of seconds.
     */
    synchronized double secondsUntilWithin(double percentile, double boundMillis, long from) {
        if (bucket != SECOND.toNanos()) {
            throw new IllegalStateException("a timeline of seconds answers this, not of " + bucket + " ns");
        }
        long until = 0;
        for (Map.Entry<Long, List<Long>> second : byBucket.entrySet()) {
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
