package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.stack.Management;
import com.holidaylistings.integration.stack.Replica;
import com.holidaylistings.integration.stack.Stack;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * How fast the system heals: enquiries stream through the intake at {@link #RATE}/s while one
 * process at a time is killed with SIGKILL and brought back with dev/up.sh (and, apart, one of two
 * dispatcher replicas, and the leading enquiry-ingest with a standby running). For each fault:
 * the time until the process (or its replacement) is ready, the stall (the worst first-delivery
 * latency of enquiries submitted within 30 s of the kill), the time from ready until deliveries are
 * back to p99 ≤ 100 ms, duplicates, and the intake's answers by status.
 */
final class RecoveryBench {

    static final int RATE = 100;
    private static final Duration WARM_UP = Duration.ofSeconds(20);
    private static final Duration BEFORE_KILL = Duration.ofSeconds(15);
    private static final Duration AFTER_KILL = Duration.ofSeconds(60);
    private static final Duration STALL_WINDOW = Duration.ofSeconds(30);
    private static final double ON_TIME_P99_MS = 100;
    private static final List<String> FAULTS = List.of(
            "webhook-dispatcher",
            "enquiry-ingest",
            "api-service",
            "kafka",
            "postgres",
            "one of two dispatchers",
            "leading enquiry-ingest");

    private final Db db;
    private final Path output;

    RecoveryBench(Db db, Path output) {
        this.db = db;
        this.output = output;
    }

    /** What one fault did. */
    private record Outcome(
            double readyAfterSeconds,
            double stallMillis,
            double onTimeAfterReadySeconds,
            long duplicates,
            long lost,
            Map<String, Long> intakeAnswers,
            Map<Double, Double> latencyTimeline) {}

    Report run() throws Exception {
        Report report =
                new Report("recovery", "Recovery: from a fault to deliveries back on time", "bench/run.sh recovery");
        report.parameter("intake_rate_per_second", RATE);
        report.parameter("seconds_of_warm_up", WARM_UP.toSeconds());
        report.parameter("seconds_before_kill", BEFORE_KILL.toSeconds());
        report.parameter("seconds_after_kill", AFTER_KILL.toSeconds());
        report.note("Enquiries go through the real intake (HTTPS, keep-alive, open loop, an Idempotency-Key each, "
                + "sent again with the same key on 503, 409 or no answer). Each process is killed with SIGKILL and "
                + "brought back by dev/up.sh at once, as an operator would, after " + WARM_UP.toSeconds()
                + " s of the same stream that are not "
                + "measured (the process brought back by the fault before is warm again); 'ready' is dev/up.sh's return (it waits for "
                + "readiness). Stall: the worst latency from an enquiry's scheduled time to its first delivery, among "
                + "those scheduled within 30 s of the kill. On time: from ready until every later second's p99 is "
                + "at most 100 ms. The replica faults kill one of two dispatchers, or the leading enquiry-ingest while a "
                + "standby runs, and bring nothing back: ready is 0 there.");
        Map<String, Object> runs = new LinkedHashMap<>();
        Map<String, Double> stalls = new LinkedHashMap<>();
        Map<String, Map<Double, Double>> timelines = new LinkedHashMap<>();
        try (WebhookReceiver receiver = BenchTargets.receiver()) {
            BenchOwner owner = BenchOwner.create("bench-recovery", receiver);
            owner.subscribe("/ok/recovery");
            Map<String, UUID> hooks = owner.hooks("/ok/");
            for (String fault : FAULTS) {
                Outcome outcome = measure(fault, owner, receiver, hooks);
                System.out.printf("recovery %s: %s%n", fault, outcome);
                Map<String, Object> run = new LinkedHashMap<>();
                run.put("ready_after_s", Latencies.round(outcome.readyAfterSeconds()));
                run.put("stall_ms", Latencies.round(outcome.stallMillis()));
                run.put("on_time_after_ready_s", Latencies.round(outcome.onTimeAfterReadySeconds()));
                run.put("duplicates", outcome.duplicates());
                run.put("lost", outcome.lost());
                run.put("intake_answers", outcome.intakeAnswers());
                runs.put(fault, run);
                stalls.put(fault, outcome.stallMillis() / 1000);
                timelines.put(fault, outcome.latencyTimeline());
                boolean replicaFault = fault.startsWith("one of") || fault.startsWith("leading");
                double goal = replicaFault ? 10_000 : outcome.readyAfterSeconds() * 1000 + 10_000;
                report.figure(
                        "stall, " + fault, Latencies.round(outcome.stallMillis()), "ms", Report.Goal.atMost(goal));
                report.figure("ready after, " + fault, Latencies.round(outcome.readyAfterSeconds()), "s", null);
                report.figure(
                        "on time after ready, " + fault, Latencies.round(outcome.onTimeAfterReadySeconds()), "s", null);
                report.figure("duplicate deliveries, " + fault, outcome.duplicates(), "", null);
                report.figure(
                        "intake 503 answers, " + fault, outcome.intakeAnswers().getOrDefault("503", 0L), "", null);
                report.figure(
                        "intake sends without an answer, " + fault,
                        outcome.intakeAnswers().getOrDefault("no answer", 0L),
                        "",
                        null);
                report.figure(
                        "HTTP 500 answers, " + fault,
                        outcome.intakeAnswers().getOrDefault("500", 0L),
                        "",
                        Report.Goal.atMost(0));
                report.lost("lost, " + fault, outcome.lost());
            }
            owner.unsubscribeAll();
        }
        report.raw("runs", runs);
        Charts.bars(report.chart(output, "stall"), "Worst delivery latency around each fault", "seconds", stalls);
        Charts.timeline(
                report.chart(output, "latency"),
                "Worst delivery latency of the enquiries due in each 100 ms",
                "seconds from the kill to the enquiry's scheduled time",
                "ms",
                timelines);
        return report;
    }

    private Outcome measure(String fault, BenchOwner owner, WebhookReceiver receiver, Map<String, UUID> hooks)
            throws Exception {
        Replica replica = startReplicaFor(fault);
        try (IntakeLoad warmUp = new IntakeLoad()) {
            warmUp.run(owner.target().propertyId(), RATE, WARM_UP);
        }
        long repeatsBefore = receiver.repeats();
        try (IntakeLoad load = new IntakeLoad()) {
            long streamStart = System.nanoTime();
            CompletableFuture<List<IntakeLoad.Accepted>> stream = CompletableFuture.supplyAsync(
                    () -> load.run(owner.target().propertyId(), RATE, BEFORE_KILL.plus(AFTER_KILL)));
            LockSupport.parkNanos(streamStart + BEFORE_KILL.toNanos() - System.nanoTime());
            long killedAt = System.nanoTime();
            long readyAt = kill(fault, replica);
            List<IntakeLoad.Accepted> accepted = stream.get(AFTER_KILL.toSeconds() + 300, TimeUnit.SECONDS);
            List<UUID> ids = IntakeLoad.Accepted.ids(accepted);
            Accounting accounting = Accounting.settle(db, receiver, hooks, ids, Duration.ofMinutes(3));
            return outcome(
                    accepted,
                    receiver,
                    killedAt,
                    readyAt,
                    receiver.repeats() - repeatsBefore,
                    accounting.inFlight(),
                    load.answers());
        } finally {
            restoreAfter(fault, replica);
        }
    }

    private static Replica startReplicaFor(String fault) {
        if (fault.equals("one of two dispatchers")) {
            Replica replica = Replica.start("webhook-dispatcher");
            LockSupport.parkNanos(Duration.ofSeconds(10).toNanos()); // both hold partitions before the kill
            return replica;
        }
        if (fault.equals("leading enquiry-ingest")) {
            return Replica.start("enquiry-ingest"); // stands by: the stack's enquiry-ingest holds the lock
        }
        return null;
    }

    /** Kills and, for the stack's own processes, brings it back; answers when the replacement was ready. */
    private static long kill(String fault, Replica replica) {
        switch (fault) {
            case "one of two dispatchers" -> {
                replica.kill();
                return System.nanoTime();
            }
            case "leading enquiry-ingest" -> {
                Stack.kill("enquiry-ingest");
                while (!Management.isReady(replica.managementPort())) {
                    LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
                }
                return System.nanoTime();
            }
            default -> {
                Stack.kill(fault);
                Stack.up();
                return System.nanoTime();
            }
        }
    }

    private static void restoreAfter(String fault, Replica replica) {
        if (fault.equals("leading enquiry-ingest")) {
            Stack.up(); // the stack's enquiry-ingest again, standing by until the replica goes
        }
        if (replica != null) {
            replica.close();
        }
    }

    private static Outcome outcome(
            List<IntakeLoad.Accepted> accepted,
            WebhookReceiver receiver,
            long killedAt,
            long readyAt,
            long duplicates,
            long lost,
            Map<String, Long> answers) {
        double stall = 0;
        LatencyTimeline afterReady = new LatencyTimeline(readyAt);
        LatencyTimeline aroundKill = new LatencyTimeline(killedAt, Duration.ofMillis(100));
        for (IntakeLoad.Accepted one : accepted) {
            WebhookDelivery arrived = receiver.firstDelivery("/ok/recovery", one.enquiryId());
            if (arrived == null) {
                continue;
            }
            long latency = arrived.arrivedAt() - one.scheduledAt();
            long sinceKill = one.scheduledAt() - killedAt;
            if (sinceKill >= 0 && sinceKill <= STALL_WINDOW.toNanos()) {
                stall = Math.max(stall, latency / 1e6);
            }
            aroundKill.record(one.scheduledAt(), latency);
            if (one.scheduledAt() >= readyAt) {
                afterReady.record(one.scheduledAt(), latency);
            }
        }
        double onTimeAfter = afterReady.secondsUntilWithin(99, ON_TIME_P99_MS, 0);
        return new Outcome(
                (readyAt - killedAt) / 1e9, stall, onTimeAfter, duplicates, lost, answers, aroundKill.millisAt(100));
    }
}
