package com.holidaylistings.integration.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** A latency distribution in microseconds (HdrHistogram, 3 significant digits, up to one hour). */
final class Latencies {

    private final Histogram histogram = new Histogram(3_600_000_000L, 3);

    synchronized void recordNanos(long nanos) {
        histogram.recordValue(Math.max(0, nanos / 1000));
    }

    synchronized long count() {
        return histogram.getTotalCount();
    }

    /** The value at {@code percentile} (0–100) in milliseconds. */
    synchronized double millisAt(double percentile) {
        return histogram.getValueAtPercentile(percentile) / 1000.0;
    }

    synchronized double maxMillis() {
        return histogram.getMaxValue() / 1000.0;
    }

    /** count, p50, p95, p99, p99.9 and max in milliseconds, for the results. */
    synchronized Map<String, Object> summary() {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("count", histogram.getTotalCount());
        summary.put("p50_ms", round(millisAt(50)));
        summary.put("p95_ms", round(millisAt(95)));
        summary.put("p99_ms", round(millisAt(99)));
        summary.put("p999_ms", round(millisAt(99.9)));
        summary.put("max_ms", round(maxMillis()));
        return summary;
    }

    /** The percentile curve (percentile → milliseconds) for a chart, 1 / (1 − p) spaced. */
    synchronized Map<Double, Double> curve() {
        Map<Double, Double> curve = new LinkedHashMap<>();
        if (histogram.getTotalCount() == 0) {
            return curve;
        }
        histogram.percentiles(5).forEach(value -> {
            double percentile = value.getPercentileLevelIteratedTo();
            if (percentile < 100) {
                curve.put(percentile, value.getValueIteratedTo() / 1000.0);
            }
        });
        return curve;
    }

    static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }
}
