package com.holidaylistings.integration.bench;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The stack's CPU at rest: each process's share of one core over a quiet window before the load
 * ({@code -Dbench.restSeconds=}, 60 by default; 0 leaves it out), the load generator left out. A
 * service that costs a share of a core while nothing happens costs it on every replica, all day.
 */
final class CpuAtRest {

    private static final Duration WINDOW = Duration.ofSeconds(Long.getLong("bench.restSeconds", 60));
    /** The goal of the whole stack at rest, in percent of one core. */
    private static final double GOAL_PERCENT = 2;

    private CpuAtRest() {}

    /** Percent of one core by process, and of them all as "total", over the window; empty when it is 0. */
    static Map<String, Double> measure() throws InterruptedException {
        Map<String, Double> percent = new LinkedHashMap<>();
        if (WINDOW.isZero()) {
            return percent;
        }
        System.out.printf(
                "CPU at rest: measuring the stack for %d s (load average %s)%n",
                WINDOW.toSeconds(), Machine.loadAverage());
        CpuUsage before = CpuUsage.snapshot();
        long started = System.nanoTime();
        Thread.sleep(WINDOW);
        double seconds = (System.nanoTime() - started) / 1e9;
        Map<String, Double> used = CpuUsage.snapshot().since(before);
        used.remove("load generator");
        used.forEach((process, cpu) -> percent.put(process, round1(cpu * 100 / seconds)));
        percent.put(
                "total",
                round1(used.values().stream().mapToDouble(Double::doubleValue).sum() * 100 / seconds));
        System.out.printf("CPU at rest (%% of a core): %s%n", percent);
        return percent;
    }

    /** Its figures (the total against the goal) and its raw values, in {@code report}. */
    static void report(Report report, Map<String, Double> percent) {
        if (percent.isEmpty()) {
            return;
        }
        report.figure(
                "CPU at rest, whole stack", percent.get("total"), "% of a core", Report.Goal.atMost(GOAL_PERCENT));
        percent.forEach((process, value) -> {
            if (!process.equals("total")) {
                report.figure("CPU at rest: " + process, value, "% of a core", null);
            }
        });
        report.raw("cpu_percent_at_rest", percent);
        report.note("CPU at rest: each process's CPU time (user + system, /proc) over " + WINDOW.toSeconds()
                + " s with no traffic, before the load, as a percentage of one core; the load generator left out.");
    }

    private static double round1(double value) {
        return Math.round(value * 10) / 10.0;
    }
}
