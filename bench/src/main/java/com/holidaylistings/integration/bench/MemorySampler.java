package com.holidaylistings.integration.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Samples the services' resident memory once a second while a run lasts. */
final class MemorySampler {

    private final Map<String, Map<Double, Double>> samples = new ConcurrentHashMap<>();
    private final long startedAt = System.nanoTime();
    private final Thread thread;
    private volatile boolean running = true;

    private MemorySampler() {
        Services.NAMES.forEach(service -> samples.put(service, new ConcurrentHashMap<>()));
        thread = Thread.ofVirtual().start(() -> {
            while (running) {
                sample();
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    static MemorySampler start() {
        return new MemorySampler();
    }

    /** Stops sampling; answers, per service, MiB by seconds since the start (in time order). */
    Map<String, Map<Double, Double>> stop() {
        running = false;
        thread.interrupt();
        Map<String, Map<Double, Double>> ordered = new LinkedHashMap<>();
        samples.forEach((service, points) -> {
            Map<Double, Double> sorted = new LinkedHashMap<>();
            points.keySet().stream().sorted().forEach(second -> sorted.put(second, points.get(second)));
            ordered.put(service, sorted);
        });
        return ordered;
    }

    /** The highest sample of each service, in MiB. */
    Map<String, Double> peaks() {
        Map<String, Double> peaks = new LinkedHashMap<>();
        samples.forEach((service, points) -> peaks.put(
                service,
                Latencies.round(points.values().stream()
                        .mapToDouble(Double::doubleValue)
                        .max()
                        .orElse(0))));
        return peaks;
    }

    private void sample() {
        double second = Math.round((System.nanoTime() - startedAt) / 1e8) / 10.0;
        Services.NAMES.forEach(service -> {
            try {
                samples.get(service).put(second, Latencies.round(Services.residentMiB(service)));
            } catch (RuntimeException e) {
                // the service is restarting: no sample
            }
        });
    }
}
