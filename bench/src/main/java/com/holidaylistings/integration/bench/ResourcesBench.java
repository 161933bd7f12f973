package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.stack.Management;
import com.holidaylistings.integration.stack.Stack;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * Each service's start-up time (from the process's start to its readiness probe answering UP; for
 * enquiry-ingest: streaming), the latency of the first 30 s of 200 enquiries/s through the intake
 * right after the restarts, and each service's resident memory at rest and under that load.
 */
final class ResourcesBench {

    private static final int PER_SECOND = 200;
    private static final Duration FIRST = Duration.ofSeconds(30);
    private static final Duration CLIENT_WARM_UP = Duration.ofSeconds(20);

    private final Db db;
    private final Duration phase;

    ResourcesBench(Db db, Duration phase) {
        this.db = db;
        this.phase = phase;
    }

    Report run() throws Exception {
        Report report = new Report(
                "resources",
                "Resources: start-up, the first 30 s after it, and memory of each service",
                "bench/run.sh resources");
        report.parameter("load_enquiries_per_second", PER_SECOND);
        report.parameter("load_seconds", phase.toSeconds());
        report.parameter("first_seconds_after_restart", FIRST.toSeconds());
        report.note(
                "Start-up: from the process's start (its /proc start time) to the first UP of its readiness probe, "
                        + "polled every 50 ms; each service is stopped with SIGTERM and started by dev/up.sh (with its "
                        + "warm-start archive when dev/up.sh has one), the others running. First 30 s: right after the three "
                        + "restarts, 200 enquiries/s through the intake (HTTPS keep-alive, open loop, as `bench/run.sh e2e`), "
                        + "latency from the scheduled time to the webhook's arrival, before any other traffic warmed the "
                        + "services. The load generator, a listing site's client already running when the services restart, "
                        + "sends the same load for " + CLIENT_WARM_UP.toSeconds()
                        + " s before the restarts, so that its own "
                        + "warm-up is not counted; the CPU seconds each process used in the first 30 s are in the raw results.");
        report.note("Resident memory is VmRSS of the service's JVM with dev/up.sh's default options (its "
                + "<module>/jvm.options, docs/operations/scaling.md 3.6). At rest: idle for 30 s after the first 30 s. Under load: the highest of "
                + "one-second samples while 200/s go through the intake. The highest after a 30,000-delivery backlog "
                + "is `bench/run.sh dispatcher`'s.");
        Map<String, Object> raw = new LinkedHashMap<>();
        Map<String, Double> startup = new LinkedHashMap<>();
        Map<String, Double> atRest;
        Map<String, Double> underLoad;
        try (WebhookReceiver receiver = BenchTargets.receiver();
                IntakeLoad load = new IntakeLoad()) {
            BenchOwner owner = BenchOwner.create("bench-resources", receiver);
            owner.subscribe("/ok/resources");
            Map<String, UUID> hooks = owner.hooks("/ok/");
            UUID property = owner.target().propertyId();

            // The listing site is running before the restarts: warm its client (this load generator) first.
            settle(load.run(property, PER_SECOND, CLIENT_WARM_UP), receiver, hooks);
            for (String service : Services.NAMES) {
                startup.put(service, restartAndTime(service));
            }

            String loadAtStart = Machine.loadAverage();
            CpuUsage cpuBefore = CpuUsage.snapshot();
            List<IntakeLoad.Accepted> first = load.run(property, PER_SECOND, FIRST);
            Map<String, Double> firstCpu = CpuUsage.snapshot().since(cpuBefore);
            Accounting firstAccounting = settle(first, receiver, hooks);
            Latencies firstLatencies = new Latencies();
            LatencyTimeline firstTimeline = new LatencyTimeline(load.startedAt());
            for (IntakeLoad.Accepted one : first) {
                WebhookDelivery delivery = receiver.firstDelivery("/ok/resources", one.enquiryId());
                if (delivery != null) {
                    firstLatencies.recordNanos(delivery.arrivedAt() - one.scheduledAt());
                    firstTimeline.record(one.scheduledAt(), delivery.arrivedAt() - one.scheduledAt());
                }
            }
            report.figure(
                    "first 30 s after a restart, 200/s through the intake: p50",
                    Latencies.round(firstLatencies.millisAt(50)),
                    "ms",
                    Report.Goal.atMost(50));
            report.figure(
                    "first 30 s after a restart: p99",
                    Latencies.round(firstLatencies.millisAt(99)),
                    "ms",
                    Report.Goal.atMost(250));
            report.lost(
                    "first 30 s after a restart: lost",
                    firstAccounting.lostWith(PER_SECOND * FIRST.toSeconds() - first.size()));
            Map<String, Object> firstRun = new LinkedHashMap<>(firstLatencies.summary());
            firstRun.put("load_average_at_start", loadAtStart);
            firstRun.put("p50_ms_by_second", firstTimeline.millisAt(50));
            firstRun.put("client", load.clientSide().asMap());
            firstRun.put("cpu_seconds_by_process", firstCpu);
            raw.put("first_30_s_after_restart", firstRun);
            System.out.printf("resources: first 30 s after restart %s%n", firstRun);

            Thread.sleep(30_000);
            atRest = Services.residentMiB();

            MemorySampler sampler = MemorySampler.start();
            List<IntakeLoad.Accepted> accepted = load.run(property, PER_SECOND, phase);
            Accounting accounting = settle(accepted, receiver, hooks);
            sampler.stop();
            underLoad = sampler.peaks();
            report.lost(
                    "deliveries lost under load",
                    accounting.lostWith(PER_SECOND * phase.toSeconds() - accepted.size()));
            raw.put("accounting", accounting.asMap());
            owner.unsubscribeAll();
        }
        for (String service : Services.NAMES) {
            // the warm-ups before readiness (docs/operations/scaling.md 3.6) are paid for within 10 s
            report.figure(service + " start-up to ready", startup.get(service), "s", Report.Goal.atMost(10));
        }
        for (String service : Services.NAMES) {
            report.figure(service + " at rest", Math.round(atRest.get(service)), "MiB", Report.Goal.atMost(256));
            report.figure(
                    service + " under " + PER_SECOND + "/s",
                    Math.round(underLoad.get(service)),
                    "MiB",
                    Report.Goal.atMost(256));
        }
        raw.put("rss_mib_at_rest", atRest);
        raw.put("rss_mib_peak_under_load", underLoad);
        raw.put("startup_seconds", startup);
        report.raw("resources", raw);
        System.out.printf("resources: at rest %s, under load %s, start-up %s%n", atRest, underLoad, startup);
        return report;
    }

    private Accounting settle(List<IntakeLoad.Accepted> accepted, WebhookReceiver receiver, Map<String, UUID> hooks) {
        return Accounting.settle(db, receiver, hooks, IntakeLoad.Accepted.ids(accepted), Duration.ofMinutes(3));
    }

    /** Restarts the service and answers the seconds from its process start to ready. */
    private static double restartAndTime(String service) throws Exception {
        Stack.terminate(service);
        Path pidFile = Stack.DIR.resolve("pids").resolve(service + ".pid");
        CompletableFuture<Void> up = CompletableFuture.runAsync(Stack::up);
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(pidFile) && Management.isReady(Services.managementPort(service))) {
                double seconds =
                        ageSeconds(Long.parseLong(Files.readString(pidFile).trim()));
                up.join();
                return Latencies.round(seconds);
            }
            Thread.sleep(50);
        }
        up.join();
        throw new IllegalStateException(service + " was not ready within 2 minutes");
    }

    /** How long ago process {@code pid} started: uptime minus its start time, both from /proc (10 ms ticks). */
    private static double ageSeconds(long pid) throws IOException {
        double uptime =
                Double.parseDouble(Files.readString(Path.of("/proc/uptime")).split(" ")[0]);
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return uptime - Long.parseLong(fields[19]) / 100.0;
    }
}
