package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Isolation of slow receivers: healthy deliveries' latency without, then with, 10 % of the
 * subscriptions pointing at a receiver that hangs past the dispatcher's timeout.
 */
final class IsolationBench {

    private static final int SUBSCRIPTIONS = 10;
    private static final int PER_SECOND = 100;

    private final Db db;
    private final Path output;
    private final Duration phase;

    IsolationBench(Db db, Path output, Duration phase) {
        this.db = db;
        this.output = output;
        this.phase = phase;
    }

    Report run() throws Exception {
        Report report = new Report(
                "isolation", "Isolation: healthy deliveries next to hanging receivers", "bench/run.sh isolation");
        report.parameter("enquiries_per_second", PER_SECOND);
        report.parameter("seconds_per_phase", phase.toSeconds());
        report.parameter("subscriptions", SUBSCRIPTIONS);
        report.note("Both phases commit " + PER_SECOND + " enquiries a second to an owner with " + SUBSCRIPTIONS
                + " subscriptions. In the first all ten receivers answer at once; in the second one of the ten (10 %) "
                + "hangs for " + BenchTargets.HANG.toSeconds()
                + " s, past the dispatcher's 10 s timeout. The figure is "
                + "the healthy deliveries' p99 (commit → received) with the hanging receiver divided by it without. "
                + "The hanging subscription's deliveries go on to the retry topics; they are counted as in flight and "
                + "the subscription is removed at the end.");
        Map<String, Latencies> series = new LinkedHashMap<>();
        Map<String, Object> raw = new LinkedHashMap<>();
        try (WebhookReceiver receiver = BenchTargets.receiver();
                EnquiryLoad load = new EnquiryLoad(db, 8)) {
            for (boolean hanging : new boolean[] {false, true}) {
                String name = hanging ? "with 10 % hanging" : "all healthy";
                BenchOwner owner = BenchOwner.create("bench-isolation", receiver);
                for (int i = 0; i < SUBSCRIPTIONS; i++) {
                    owner.subscribe((hanging && i == 0 ? "/hang/" : "/ok/") + (hanging ? "with-" : "without-") + i);
                }
                Map<String, UUID> healthy = owner.hooks("/ok/");
                if (!hanging) {
                    // warm-up, not counted
                    Accounting.settle(
                            db,
                            receiver,
                            healthy,
                            load.run(List.of(owner.target()), PER_SECOND, Duration.ofSeconds(15)),
                            Duration.ofMinutes(2));
                }
                List<UUID> committed = load.run(List.of(owner.target()), PER_SECOND, phase);
                Accounting accounting = Accounting.settle(db, receiver, healthy, committed, Duration.ofMinutes(3));
                Latencies latencies = new Latencies();
                healthy.keySet()
                        .forEach(path -> committed.forEach(id -> {
                            WebhookDelivery arrived = receiver.firstDelivery(path, id);
                            if (arrived != null) {
                                latencies.recordNanos(arrived.arrivedAt() - load.scheduledAt(id));
                            }
                        }));
                series.put(name, latencies);
                Map<String, Object> run = new LinkedHashMap<>(latencies.summary());
                run.put("healthy_accounting", accounting.asMap());
                if (hanging) {
                    run.put("hanging_requests_received", receiver.arrivalsUnder("/hang/"));
                    run.put("hanging_deliveries_in_flight_or_retrying", committed.size());
                }
                raw.put(name, run);
                System.out.printf("isolation %s: %s; %s%n", name, latencies.summary(), accounting);
                report.lost("healthy deliveries lost, " + name, accounting.inFlight());
                owner.unsubscribeAll();
            }
        }
        double without = series.get("all healthy").millisAt(99);
        double with = series.get("with 10 % hanging").millisAt(99);
        report.figure("healthy p99, all healthy", Latencies.round(without), "ms", null);
        report.figure("healthy p99, with 10 % hanging", Latencies.round(with), "ms", null);
        report.figure("p99 with ÷ p99 without", Math.round(with / without * 100) / 100.0, "×", Report.Goal.atMost(2));
        report.raw("phases", raw);
        Charts.percentiles(report.chart(output, "latency"), "Healthy deliveries: commit → received", series);
        return report;
    }
}
