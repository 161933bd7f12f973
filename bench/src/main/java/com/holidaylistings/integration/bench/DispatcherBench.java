package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The dispatcher against its limit: with the dispatcher paused (SIGSTOP), a backlog of enquiries
 * for several subscriptions of one fast receiver is committed and published; then the dispatcher
 * resumes and drains it. Beside it, a plain JDK HttpClient in this process sends the same number of
 * the same signed requests to the same receiver.
 *
 * <p>The dispatcher runs with a consumer-group session timeout of a minute for the run: the pause
 * (the backlog's commit at 1,000 enquiries a second and its relay: 15 s for the default 10,000) is
 * longer than its usual 6 s, and a pause past it
 * makes the broker expire every group membership of the process, so that the drain would measure a
 * rebalance in its middle rather than the dispatcher.
 */
final class DispatcherBench {

    /** The dispatcher's settings for the run: a minute's session, so that the pause ends no membership. */
    private static final Map<String, String> PAUSE_OUTLASTS_NO_SESSION =
            Map.of("DISPATCHER_SESSION_TIMEOUT_MS", "60000", "DISPATCHER_HEARTBEAT_INTERVAL_MS", "3000");

    private final Db db;
    private final Path output;
    private final int enquiries;
    private final int subscriptions;
    private final Duration warmUpFor;

    /**
     * {@code warmUpFor}: how long the restarted dispatcher delivers 100 enquiries a second before the
     * backlog (20 s by default). Its JIT compilers are still busy after 20 s (a third to half of its
     * CPU during the drain): a longer warm-up measures the process as it runs once settled.
     */
    DispatcherBench(Db db, Path output, int enquiries, int subscriptions, Duration warmUpFor) {
        this.db = db;
        this.output = output;
        this.enquiries = enquiries;
        this.subscriptions = subscriptions;
        this.warmUpFor = warmUpFor;
    }

    Report run() throws Exception {
        Services.restartWith("webhook-dispatcher", PAUSE_OUTLASTS_NO_SESSION);
        try {
            return measure();
        } finally {
            Services.restartWith("webhook-dispatcher", Map.of());
        }
    }

    private Report measure() throws Exception {
        Report report = new Report(
                "dispatcher",
                "Dispatcher: deliveries per second against a plain HTTP client",
                "bench/run.sh dispatcher");
        int deliveries = enquiries * subscriptions;
        report.parameter("enquiries", enquiries);
        report.parameter("subscriptions", subscriptions);
        report.parameter("deliveries", deliveries);
        report.parameter("warm_up_seconds", warmUpFor.toSeconds());
        report.note("The dispatcher's rate is the backlog's deliveries divided by the time from the first to the last "
                + "arrival, after it resumes with every event already on `enquiry.created`: fan-out, Kafka, signing, "
                + "HTTP and the attempt log included. The plain client sends the same signed requests with "
                + "java.net.http.HttpClient (HTTP/1.1, up to 256 in flight, the dispatcher's own limit per host) from "
                + "the load generator's process; it does no fan-out, no Kafka and no database work.");
        double dispatcherRate;
        double drainSeconds;
        Map<Double, Double> timeline;
        Map<String, Double> memoryBefore = Services.residentMiB();
        Map<String, Double> memoryAfter;
        Accounting accounting;
        try (WebhookReceiver receiver = BenchTargets.receiver();
                EnquiryLoad load = new EnquiryLoad(db, 8)) {
            BenchOwner owner = BenchOwner.create("bench-dispatcher", receiver);
            for (int i = 0; i < subscriptions; i++) {
                owner.subscribe("/ok/drain-" + i);
            }
            Map<String, UUID> hooks = owner.hooks("/ok/");
            // Warm the dispatcher's code paths first, so that the drain measures a warm process.
            List<UUID> warmUp = load.run(List.of(owner.target()), 100, warmUpFor);
            Accounting.settle(db, receiver, hooks, warmUp, Duration.ofMinutes(2));

            Services.pause("webhook-dispatcher");
            List<UUID> committed;
            try {
                committed = load.run(List.of(owner.target()), 1000, enquiries);
                Thread.sleep(5000); // enquiry-ingest publishes them meanwhile
            } finally {
                Services.resume("webhook-dispatcher");
            }
            accounting = Accounting.settle(db, receiver, hooks, committed, Duration.ofMinutes(5));
            List<Long> arrivals = new ArrayList<>();
            hooks.keySet()
                    .forEach(path -> committed.forEach(id -> {
                        WebhookDelivery at = receiver.firstDelivery(path, id);
                        if (at != null) {
                            arrivals.add(at.arrivedAt());
                        }
                    }));
            arrivals.sort(null);
            drainSeconds = (arrivals.getLast() - arrivals.getFirst()) / 1e9;
            dispatcherRate = arrivals.size() / drainSeconds;
            timeline = perSecond(arrivals);
            memoryAfter = Services.residentMiB();
            owner.unsubscribeAll();
        }
        PlainClientRun plain = PlainClientRun.send(deliveries, 256);
        double ratio = dispatcherRate / plain.perSecond();
        System.out.printf(
                "dispatcher: %.0f deliveries/s (%.1f s), plain client %.0f/s, ratio %.2f; %s%n",
                dispatcherRate, drainSeconds, plain.perSecond(), ratio, accounting);

        report.figure(
                "Dispatcher, backlog drained", Math.round(dispatcherRate), "deliveries/s", Report.Goal.atLeast(3000));
        report.figure("Plain JDK HttpClient, same requests", Math.round(plain.perSecond()), "requests/s", null);
        report.figure("Dispatcher ÷ plain client", Latencies.round(ratio * 100) / 100, "×", Report.Goal.atLeast(0.8));
        report.figure(
                "Dispatcher resident memory after the drain",
                Math.round(memoryAfter.get("webhook-dispatcher")),
                "MiB",
                Report.Goal.atMost(256));
        report.lost("Deliveries lost", accounting.inFlight());
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("drain_seconds", Latencies.round(drainSeconds));
        raw.put("accounting", accounting.asMap());
        raw.put("plain_client", plain.asMap());
        raw.put("rss_mib_before", memoryBefore);
        raw.put("rss_mib_after", memoryAfter);
        raw.put("deliveries_per_second_timeline", timeline);
        report.raw("dispatcher", raw);
        Charts.bars(
                report.chart(output, "throughput"),
                "Deliveries per second to one fast receiver",
                "per second",
                Map.of("webhook-dispatcher", dispatcherRate, "plain HttpClient", plain.perSecond()));
        Charts.timeline(
                report.chart(output, "drain"),
                "Dispatcher draining " + deliveries + " deliveries",
                "deliveries/s",
                Map.of("webhook-dispatcher", timeline));
        return report;
    }

    /** Arrivals per second, by whole seconds since the first arrival. */
    private static Map<Double, Double> perSecond(List<Long> arrivals) {
        Map<Double, Double> counts = new LinkedHashMap<>();
        long first = arrivals.getFirst();
        for (long at : arrivals) {
            counts.merge((double) ((at - first) / 1_000_000_000L), 1.0, Double::sum);
        }
        return counts;
    }
}
