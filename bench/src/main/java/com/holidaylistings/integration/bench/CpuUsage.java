package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.stack.Stack;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU time used by each process of the stack (user + system, from /proc, in seconds): the three
 * services, PostgreSQL with all its backends, the Kafka broker, and this load generator. The
 * difference of two snapshots shows where a run's cores went.
 */
record CpuUsage(Map<String, Double> seconds) {

    private static final List<String> PROCESSES =
            List.of("api-service", "enquiry-ingest", "webhook-dispatcher", "postgres", "kafka");

    static CpuUsage snapshot() {
        Map<String, Double> seconds = new LinkedHashMap<>();
        for (String name : PROCESSES) {
            try {
                ProcessHandle process = Stack.process(name);
                // PostgreSQL: the postmaster, its live backends, and the backends that have exited (which
                // the postmaster waited for: its children's time), or a run's exiting clients would subtract.
                seconds.put(
                        name,
                        name.equals("postgres")
                                ? process.descendants()
                                                .mapToDouble(CpuUsage::cpuSeconds)
                                                .sum()
                                        + cpuSeconds(process, true)
                                : cpuSeconds(process));
            } catch (RuntimeException e) {
                seconds.put(name, 0.0);
            }
        }
        seconds.put("load generator", cpuSeconds(ProcessHandle.current()));
        return new CpuUsage(seconds);
    }

    /** CPU seconds used since {@code earlier}, by process. */
    Map<String, Double> since(CpuUsage earlier) {
        Map<String, Double> used = new LinkedHashMap<>();
        seconds.forEach((name, value) ->
                used.put(name, Latencies.round(value - earlier.seconds().getOrDefault(name, 0.0))));
        return used;
    }

    /**
     * CPU milliseconds per unit of work ({@code count} enquiries, say) of each process of {@code used}
     * (CPU seconds by process, as {@link #since} answers), and of them all as "total"; to 0.01 ms.
     */
    static Map<String, Double> millisEach(Map<String, Double> used, long count) {
        Map<String, Double> each = new LinkedHashMap<>();
        used.forEach((process, seconds) -> each.put(process, round2(seconds * 1000 / count)));
        each.put(
                "total",
                round2(used.values().stream().mapToDouble(Double::doubleValue).sum() * 1000 / count));
        return each;
    }

    private static double round2(double value) {
        return Math.round(value * 100) / 100.0;
    }

    private static double cpuSeconds(ProcessHandle process) {
        return cpuSeconds(process, false);
    }

    /** User + system seconds of {@code process}, and of its children it has waited for if {@code withExitedChildren}. */
    private static double cpuSeconds(ProcessHandle process, boolean withExitedChildren) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            if (withExitedChildren) {
                ticks += Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
            }
            return ticks / 100.0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
