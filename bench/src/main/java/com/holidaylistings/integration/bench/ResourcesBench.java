package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.stack.Management;
import com.holidaylistings.integration.stack.Stack;
import com.holidaylistings.integration.testsupport.WebhookReceiver;
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
 * Each service's resident memory at rest and under a 200/s load, and its start-up time: from the
 * process's start to its readiness probe answering UP (for enquiry-ingest: streaming).
 */
final class ResourcesBench {

    private static final int PER_SECOND = 200;

    private final Db db;
    private final Duration phase;

    ResourcesBench(Db db, Duration phase) {
        this.db = db;
        this.phase = phase;
    }

    Report run() throws Exception {
        Report report = new Report("resources", "Resources: memory and start-up of each service", "bench/run.sh resources");
        report.parameter("load_enquiries_per_second", PER_SECOND);
        report.parameter("load_seconds", phase.toSeconds());
        report.note("Resident memory is VmRSS of the service's JVM (dev/up.sh's default options: -Xmx192m, "
                + "SerialGC, MaxMetaspaceSize=128m, 512 KiB thread stacks, MALLOC_ARENA_MAX=2). At rest: 30 s after "
                + "its restart, idle. Under load: the highest of one-second samples during the run. Start-up: from "
                + "the process's start (its /proc start time) to the first UP of its readiness probe, polled every "
                + "50 ms; each service is stopped with SIGTERM and started by dev/up.sh, the others running.");
        Map<String, Object> raw = new LinkedHashMap<>();
        Map<String, Double> startup = new LinkedHashMap<>();
        for (String service : Services.NAMES) {
            startup.put(service, restartAndTime(service));
        }
        Thread.sleep(30_000);
        Map<String, Double> atRest = Services.residentMiB();

        Map<String, Double> underLoad;
        try (WebhookReceiver receiver = BenchTargets.receiver(); EnquiryLoad load = new EnquiryLoad(db, 8)) {
            BenchOwner owner = BenchOwner.create("bench-resources", receiver);
            owner.subscribe("/ok/resources");
            MemorySampler sampler = MemorySampler.start();
            List<UUID> committed = load.run(List.of(owner.target()), PER_SECOND, phase);
            Accounting accounting = Accounting.settle(db, receiver, owner.hooks("/ok/"), committed, Duration.ofMinutes(3));
            sampler.stop();
            underLoad = sampler.peaks();
            report.lost("deliveries lost under load", accounting.inFlight());
            raw.put("accounting", accounting.asMap());
            owner.unsubscribeAll();
        }
        for (String service : Services.NAMES) {
            report.figure(service + " at rest", Math.round(atRest.get(service)), "MiB", Report.Goal.atMost(300));
            report.figure(service + " under " + PER_SECOND + "/s", Math.round(underLoad.get(service)), "MiB",
                    Report.Goal.atMost(300));
        }
        for (String service : Services.NAMES) {
            report.figure(service + " start-up to ready", startup.get(service), "s", Report.Goal.atMost(8));
        }
        raw.put("rss_mib_at_rest", atRest);
        raw.put("rss_mib_peak_under_load", underLoad);
        raw.put("startup_seconds", startup);
        report.raw("resources", raw);
        System.out.printf("resources: at rest %s, under load %s, start-up %s%n", atRest, underLoad, startup);
        return report;
    }

    /** Restarts the service and answers the seconds from its process start to ready. */
    private static double restartAndTime(String service) throws Exception {
        Stack.terminate(service);
        Path pidFile = Stack.DIR.resolve("pids").resolve(service + ".pid");
        CompletableFuture<Void> up = CompletableFuture.runAsync(Stack::up);
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(pidFile) && Management.isReady(Services.managementPort(service))) {
                double seconds = ageSeconds(Long.parseLong(Files.readString(pidFile).trim()));
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
        double uptime = Double.parseDouble(Files.readString(Path.of("/proc/uptime")).split(" ")[0]);
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return uptime - Long.parseLong(fields[19]) / 100.0;
    }
}
