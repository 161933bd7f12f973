package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Retry precision: with the retry delays set to 1 s … 5 s, 10 % of a 200/s load goes to a
 * receiver that always answers 500; each retry's lateness is the moment it started minus the
 * moment it was due, from the attempt log, and for the retries that reached the receiver also
 * their arrival minus the previous answer plus the delay, by the receiver's clock.
 */
final class RetryBench {

    private static final List<Duration> DELAYS = List.of(
            Duration.ofSeconds(1),
            Duration.ofSeconds(2),
            Duration.ofSeconds(3),
            Duration.ofSeconds(4),
            Duration.ofSeconds(5));
    private static final int PER_SECOND = 200;

    /**
     * Each retry's lateness from the attempt log: when the attempt started minus when the previous
     * attempt said it was due ({@code next_attempt_at}).
     */
    private static final String LATENESS = """
            select a.attempt - 1 as retry,
                   (extract(epoch from a.attempted_at - p.next_attempt_at) * 1000000)::bigint as late_us
              from delivery_attempts a
              join delivery_attempts p on p.subscription_id = a.subscription_id and p.enquiry_id = a.enquiry_id
                                      and p.attempt = a.attempt - 1
             where a.subscription_id = any (?) and p.next_attempt_at is not null""";

    private final Db db;
    private final Path output;
    private final Duration phase;

    RetryBench(Db db, Path output, Duration phase) {
        this.db = db;
        this.output = output;
        this.phase = phase;
    }

    Report run() throws Exception {
        Report report = new Report("retry", "Retry precision under load", "bench/run.sh retry");
        report.parameter("WEBHOOK_RETRY_DELAYS", "1s,2s,3s,4s,5s");
        report.parameter("enquiries_per_second", PER_SECOND);
        report.parameter("failing_share", "10 %");
        report.parameter("seconds", phase.toSeconds());
        report.note("webhook-dispatcher is restarted with `WEBHOOK_RETRY_DELAYS=1s,2s,3s,4s,5s` for the run and with "
                + "its own settings afterwards. 180 enquiries a second go to a property whose subscription answers "
                + "at once; 20 a second to a second property whose subscription always answers 500, so each of "
                + "those is attempted 6 times and then abandoned. Lateness = start of attempt n+1 − its due time "
                + "(`next_attempt_at` of attempt n), from the attempt log. Once the receiver's circuit breaker opens "
                + "(20 failures in a row) retries fail without a request, so the receiver's own measure "
                + "(arrival − previous answer − delay, `lateness_at_receiver` in the JSON) covers only those "
                + "that reached it.");
        Services.restartWith("webhook-dispatcher", Map.of("WEBHOOK_RETRY_DELAYS", "1s,2s,3s,4s,5s"));
        Latencies lateness = new Latencies();
        Map<String, Latencies> byStage = new LinkedHashMap<>();
        try (WebhookReceiver receiver = BenchTargets.receiver();
                EnquiryLoad load = new EnquiryLoad(db, 8)) {
            BenchOwner owner = BenchOwner.create("bench-retry", receiver);
            UUID failing = owner.addProperty();
            owner.subscribe("/ok/retry", owner.target().propertyId());
            owner.subscribe("/fail/retry", failing);
            List<EnquiryLoad.Target> targets = new java.util.ArrayList<>();
            for (int i = 0; i < 9; i++) {
                targets.add(owner.target());
            }
            targets.add(owner.target(failing));
            List<UUID> committed = load.run(targets, PER_SECOND, phase);
            List<UUID> healthyEnquiries = committed.stream()
                    .filter(id -> !load.targetOf(id).propertyId().equals(failing))
                    .toList();
            Accounting healthy =
                    Accounting.settle(db, receiver, owner.hooks("/ok/"), healthyEnquiries, Duration.ofMinutes(3));
            List<UUID> failingEnquiries = committed.stream()
                    .filter(id -> load.targetOf(id).propertyId().equals(failing))
                    .toList();
            Accounting failed =
                    Accounting.settle(db, receiver, owner.hooks("/fail/"), failingEnquiries, Duration.ofMinutes(3));
            UUID failingHook = owner.hooks("/fail/").values().iterator().next();
            db.eachRow(LATENESS, List.of(failingHook), row -> {
                int retry = row.getInt("retry");
                long late = row.getLong("late_us") * 1000;
                lateness.recordNanos(late);
                byStage.computeIfAbsent(
                                "retry " + retry + " (after "
                                        + DELAYS.get(retry - 1).toSeconds() + " s)",
                                stage -> new Latencies())
                        .recordNanos(late);
            });
            Latencies atReceiver = new Latencies();
            receiver.byWebhookId().values().stream()
                    .filter(attempts -> attempts.getFirst().path().startsWith("/fail/"))
                    .forEach(attempts -> {
                        for (int n = 1; n < attempts.size() && n <= DELAYS.size(); n++) {
                            long due = attempts.get(n - 1).answeredAt()
                                    + DELAYS.get(n - 1).toNanos();
                            atReceiver.recordNanos(attempts.get(n).arrivedAt() - due);
                        }
                    });
            System.out.printf("retry: lateness %s; healthy %s; failing %s%n", lateness.summary(), healthy, failed);
            report.figure("retries measured", lateness.count(), "", null);
            report.figure("lateness p50", Latencies.round(lateness.millisAt(50) / 1000), "s", null);
            report.figure(
                    "lateness p99",
                    Latencies.round(lateness.millisAt(99) / 1000 * 100) / 100,
                    "s",
                    Report.Goal.atMost(2));
            report.figure("lateness max", Latencies.round(lateness.maxMillis() / 1000 * 100) / 100, "s", null);
            report.lost("healthy deliveries lost", healthy.inFlight());
            report.lost("failing deliveries neither abandoned nor retrying", failed.inFlight());
            Map<String, Object> raw = new LinkedHashMap<>();
            raw.put("lateness", lateness.summary());
            raw.put("lateness_at_receiver", atReceiver.summary());
            Map<String, Object> stages = new LinkedHashMap<>();
            byStage.forEach((stage, latencies) -> stages.put(stage, latencies.summary()));
            raw.put("lateness_by_retry", stages);
            raw.put("healthy_accounting", healthy.asMap());
            raw.put("failing_accounting", failed.asMap());
            report.raw("retry", raw);
            owner.unsubscribeAll();
        } finally {
            Services.restartWith("webhook-dispatcher", Map.of());
        }
        Charts.percentiles(report.chart(output, "lateness"), "Retry lateness (actual − due)", byStage);
        return report;
    }
}
