package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.testsupport.WebhookReceiver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Commit → webhook received, through the whole pipeline, at 50, 200 and 500 enquiries a second
 * and in a burst of 1,000 a second, each for {@code seconds}; one subscription of a fast receiver.
 */
final class EndToEndBench {

    private static final int[] RATES = {50, 200, 500, 1000};

    private final Db db;
    private final Path output;
    private final Duration phase;

    EndToEndBench(Db db, Path output, Duration phase) {
        this.db = db;
        this.output = output;
        this.phase = phase;
    }

    Report run() throws Exception {
        Report report = new Report("e2e", "End to end: commit → webhook received", "bench/run.sh e2e");
        report.parameter("seconds_per_rate", phase.toSeconds());
        report.parameter("rates_per_second", List.of(50, 200, 500, "1000 (burst)"));
        report.note("Open loop: each enquiry is committed at its scheduled time (the enquiry row and its outbox row "
                + "in one transaction, as the intake does), and its latency runs from that scheduled time to the "
                + "moment the receiver has the webhook, so a stall delays the measurement instead of hiding it. "
                + "A 20 s warm-up at 100/s runs first and is not counted.");
        Map<String, Latencies> series = new LinkedHashMap<>();
        Map<String, Object> runs = new LinkedHashMap<>();
        Map<String, Map<Double, Double>> memory = new LinkedHashMap<>();
        try (WebhookReceiver receiver = BenchTargets.receiver(); EnquiryLoad load = new EnquiryLoad(db, 16)) {
            BenchOwner owner = BenchOwner.create("bench-e2e", receiver);
            owner.subscribe("/ok/e2e");
            Map<String, UUID> hooks = owner.hooks("/ok/");
            settleOrFail("warm-up", load.run(List.of(owner.target()), 100, Duration.ofSeconds(20)), receiver, hooks);
            for (int rate : RATES) {
                String name = rate == 1000 ? "1000/s burst" : rate + "/s";
                MemorySampler sampler = MemorySampler.start();
                CpuUsage cpuBefore = CpuUsage.snapshot();
                long startedAt = System.nanoTime();
                List<UUID> committed = load.run(List.of(owner.target()), rate, phase);
                Accounting accounting = settleOrFail(name, committed, receiver, hooks);
                double seconds = (System.nanoTime() - startedAt) / 1e9;
                Map<String, Double> cpu = CpuUsage.snapshot().since(cpuBefore);
                Map<Double, Double> dispatcherMemory = sampler.stop().get("webhook-dispatcher");
                memory.put(name, dispatcherMemory);
                Latencies latencies = new Latencies();
                Latencies toCommit = new Latencies();
                for (UUID id : committed) {
                    latencies.recordNanos(receiver.firstDelivery("/ok/e2e", id).arrivedAt() - load.scheduledAt(id));
                    toCommit.recordNanos(load.committedAt(id) - load.scheduledAt(id));
                }
                series.put(name, latencies);
                Map<String, Object> run = new LinkedHashMap<>(latencies.summary());
                run.put("scheduled_to_committed", toCommit.summary());
                run.put("accounting", accounting.asMap());
                run.put("commit_failures", load.failures());
                run.put("peak_rss_mib", sampler.peaks());
                run.put("seconds_until_all_delivered", Latencies.round(seconds));
                run.put("cpu_seconds", cpu);
                runs.put(name, run);
                System.out.printf("e2e %s: %s; scheduled → committed %s; %s%n", name, latencies.summary(),
                        toCommit.summary(), accounting);
                String label = rate == 1000 ? "burst 1,000/s" : rate + "/s";
                if (rate == 200) {
                    report.figure("p50 at 200/s", Latencies.round(latencies.millisAt(50)), "ms", Report.Goal.atMost(50));
                    report.figure("p95 at 200/s", Latencies.round(latencies.millisAt(95)), "ms", null);
                    report.figure("p99 at 200/s", Latencies.round(latencies.millisAt(99)), "ms", Report.Goal.atMost(250));
                    report.figure("max at 200/s", Latencies.round(latencies.maxMillis()), "ms", null);
                } else {
                    report.figure("p50 at " + label, Latencies.round(latencies.millisAt(50)), "ms", null);
                    report.figure("p99 at " + label, Latencies.round(latencies.millisAt(99)), "ms",
                            rate == 1000 ? Report.Goal.atMost(3000) : null);
                    report.figure("max at " + label, Latencies.round(latencies.maxMillis()), "ms", null);
                }
                report.lost("lost at " + label, accounting.inFlight());
            }
            owner.unsubscribeAll();
        }
        report.raw("runs", runs);
        Charts.percentiles(report.chart(output, "latency"), "Commit → webhook received, by rate", series);
        Charts.timeline(report.chart(output, "dispatcher-memory"), "webhook-dispatcher resident memory during each run",
                "MiB", memory);
        return report;
    }

    private Accounting settleOrFail(String run, List<UUID> committed, WebhookReceiver receiver, Map<String, UUID> hooks) {
        Accounting accounting = Accounting.settle(db, receiver, hooks, committed, Duration.ofMinutes(3));
        if (accounting.inFlight() > 0) {
            System.out.printf("e2e %s: %d deliveries still missing after 3 minutes: %s%n", run, accounting.inFlight(),
                    accounting);
        }
        return accounting;
    }
}
