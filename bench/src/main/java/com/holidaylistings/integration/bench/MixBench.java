package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.bench.BenchTargets.Kind;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Realistic traffic: 2,000 owners with 3,000 hooks, their enquiry rates skewed by Zipf's law, a few
 * of their receivers failing (500), slow (5 s) or hanging past the dispatcher's timeout, all through
 * the real intake at 200 enquiries a second for 10 minutes, then the same with a burst of 1,000 a
 * second for 60 s in the middle ({@link MixPhase}). The healthy hooks' latency against the goals,
 * the CPU each process used per enquiry, each service's memory over time, and every enquiry
 * accounted for. The dispatcher keeps its own settings. The hooks are removed at the end; the
 * owners stay.
 */
final class MixBench {

    private static final double STEADY_P99_MS = 100;
    private static final double BURST_P99_MS = 2000;
    private static final double ON_TIME_AFTER_BURST_S = 30;
    private static final double RESIDENT_MIB = 256;

    private final Db db;
    private final Path output;
    private final Duration phase;
    private final int owners = Integer.getInteger("bench.mix.owners", 2000);
    private final int hooks = Integer.getInteger("bench.mix.hooks", 3000);
    private final long seed = Long.getLong("bench.mix.seed", 1);
    private final double exponent = Double.parseDouble(System.getProperty("bench.mix.zipf", "1.0"));
    private final int rate = Integer.getInteger("bench.mix.rate", 200);
    private final int burstRate = Integer.getInteger("bench.mix.burst.rate", 1000);
    private final Duration burst = Duration.ofSeconds(Long.getLong("bench.mix.burst.seconds", 60));
    private final Duration warmUp = Duration.ofSeconds(Long.getLong("bench.mix.warmupSeconds", 20));
    private final Duration settle = Duration.ofSeconds(Long.getLong("bench.mix.settleSeconds", 180));
    private final List<String> phases = Arrays.stream(
                    System.getProperty("bench.mix.phases", "steady,burst").split(","))
            .map(String::strip)
            .filter(name -> !name.isEmpty())
            .toList();
    private final Map<Kind, Double> shares = new EnumMap<>(Map.of(
            Kind.FAIL, Double.parseDouble(System.getProperty("bench.mix.share.fail", "0.03")),
            Kind.SLOW, Double.parseDouble(System.getProperty("bench.mix.share.slow", "0.01")),
            Kind.HANG, Double.parseDouble(System.getProperty("bench.mix.share.hang", "0.005"))));

    MixBench(Db db, Path output, Duration phase) {
        this.db = db;
        this.output = output;
        this.phase = phase;
    }

    Report run() throws Exception {
        if (phases.isEmpty()) {
            throw new IllegalArgumentException("bench.mix.phases: steady and/or burst");
        }
        for (String name : phases) {
            if (!name.equals("steady") && !name.equals("burst")) {
                throw new IllegalArgumentException("bench.mix.phases: steady and/or burst, not " + name);
            }
        }
        Report report = new Report(
                "mix", "Realistic traffic: many owners, skewed rates, unhealthy receivers", "bench/run.sh mix");
        report.parameter("owners", owners);
        report.parameter("hooks", hooks);
        report.parameter("zipf_exponent", exponent);
        report.parameter("seed", seed);
        report.parameter("enquiries_per_second", rate);
        report.parameter("seconds_per_phase", phase.toSeconds());
        report.parameter("phases", phases);
        if (phases.contains("burst")) {
            report.parameter("burst", Format.number(burstRate) + "/s for " + burst.toSeconds() + " s");
        }
        shares.forEach((kind, share) -> report.parameter("share " + kind.prefix(), share));
        CpuAtRest.report(report, CpuAtRest.measure());
        ZipfDraw zipf = new ZipfDraw(owners, exponent, new Random(seed));
        List<MixPhase> runs = new ArrayList<>();
        Map<String, Object> setup = new LinkedHashMap<>();
        Map<String, Object> unhealthyHooks;
        try (WebhookReceiver receiver = BenchTargets.receiver();
                IntakeLoad intake = new IntakeLoad()) {
            long started = System.nanoTime();
            MixOwners mix = MixOwners.create(receiver, owners, hooks, shares, seed);
            setup.put("seconds_to_make_owners_and_hooks", Latencies.round((System.nanoTime() - started) / 1e9));
            setup.put("hooks_by_kind", mix.countByKind());
            unhealthyHooks = unhealthyHooks(mix, zipf);
            System.out.printf(
                    "mix: %d owners, hooks %s made in %s s; unhealthy %s%n",
                    mix.size(), mix.countByKind(), setup.get("seconds_to_make_owners_and_hooks"), unhealthyHooks);
            try {
                if (!warmUp.isZero()) {
                    ZipfDraw draw = new ZipfDraw(owners, exponent, new Random(seed + 1));
                    List<IntakeLoad.Accepted> warm = intake.run(
                            List.of(OpenLoop.Stretch.lasting(rate, warmUp)),
                            () -> mix.ofRank(draw.next()).property());
                    Accounting warmed = Accounting.settle(
                            db,
                            receiver,
                            mix.hooks(hook -> hook.kind() == Kind.OK),
                            MixPhase.expected(mix, warm),
                            Duration.ofMinutes(1));
                    setup.put("warm_up_healthy_accounting", warmed.asMap());
                    System.out.printf("mix: warm-up %s%n", warmed);
                }
                for (String name : phases) {
                    MixPhase run = name.equals("steady")
                            ? MixPhase.steady(rate, phase)
                            : MixPhase.withBurst(rate, burstRate, phase, burst);
                    System.out.printf("mix: %s, %s (load average %s)%n", name, run.label, Machine.loadAverage());
                    run.run(db, intake, receiver, mix, new ZipfDraw(owners, exponent, new Random(seed)), settle);
                    System.out.printf(
                            "mix %s: healthy %s%s; %s; others %s; client %s; answers %s; CPU ms per "
                                    + "enquiry %s; peak RSS %s%n",
                            name,
                            run.healthy.summary(),
                            run.hasBurst() ? "; in the burst " + run.inBurst.summary() : "",
                            run.healthyAccounting,
                            run.unhealthy,
                            run.client.asMap(),
                            run.answers,
                            run.cpuMillisPerEnquiry,
                            run.peakMemory);
                    runs.add(run);
                }
            } finally {
                long removing = System.nanoTime();
                mix.unsubscribeAll();
                setup.put("seconds_to_remove_the_hooks", Latencies.round((System.nanoTime() - removing) / 1e9));
            }
        }
        for (MixPhase run : runs) {
            figures(report, run);
            charts(report, run);
        }
        memoryFigures(report, runs);
        Map<String, Latencies> curves = new LinkedHashMap<>();
        for (MixPhase run : runs) {
            curves.put(run.label, run.healthy);
            if (run.hasBurst()) {
                curves.put("during the burst", run.inBurst);
            }
        }
        Charts.percentiles(report.chart(output, "latency"), "Healthy hooks: scheduled → webhook received", curves);
        Map<String, Object> phaseResults = new LinkedHashMap<>();
        runs.forEach(run -> phaseResults.put(run.name, run.raw()));
        report.raw("setup", setup);
        report.raw("unhealthy_hooks", unhealthyHooks);
        report.raw("phases", phaseResults);
        method(zipf, setup).forEach(report::note);
        return report;
    }

    private static void figures(Report report, MixPhase run) {
        String at = run.hasBurst() ? "with the burst" : "at " + run.label;
        report.figure("healthy hooks' p50 " + at, Latencies.round(run.healthy.millisAt(50)), "ms", null);
        report.figure("healthy hooks' p95 " + at, Latencies.round(run.healthy.millisAt(95)), "ms", null);
        report.figure(
                "healthy hooks' p99 " + at,
                Latencies.round(run.healthy.millisAt(99)),
                "ms",
                run.hasBurst() ? null : Report.Goal.atMost(STEADY_P99_MS));
        report.figure("healthy hooks' max " + at, Latencies.round(run.healthy.maxMillis()), "ms", null);
        if (run.hasBurst()) {
            report.figure(
                    "healthy hooks' p99 during the burst",
                    Latencies.round(run.inBurst.millisAt(99)),
                    "ms",
                    Report.Goal.atMost(BURST_P99_MS));
            report.figure(
                    "after the burst, until every second's p99 ≤ " + Format.number(MixPhase.ON_TIME_P99_MS) + " ms",
                    run.secondsAfterBurstUntilOnTime,
                    "s",
                    Report.Goal.atMost(ON_TIME_AFTER_BURST_S));
        }
        report.lost("enquiries the intake did not accept " + at, run.notAccepted());
        report.lost("healthy hooks' deliveries lost " + at, run.healthyAccounting.inFlight());
        report.lost("other hooks' deliveries neither held by the dispatcher nor received " + at, run.unhealthyLost());
        if (!run.cpuMillisPerEnquiry.isEmpty()) {
            report.figure("CPU per enquiry " + at + ", whole stack", run.cpuMillisPerEnquiry.get("total"), "ms", null);
            run.cpuMillisPerEnquiry.forEach((process, millis) -> {
                if (!process.equals("total")) {
                    report.figure("CPU per enquiry " + at + ": " + process, millis, "ms", null);
                }
            });
        }
        report.figure(
                "load generator, scheduled → sent: p99 " + at,
                Latencies.round(run.client.sendLag().millisAt(99)),
                "ms",
                null);
    }

    private void charts(Report report, MixPhase run) {
        Map<String, Map<Double, Double>> latency = new LinkedHashMap<>();
        latency.put("p50", run.timeline.millisAt(50));
        latency.put("p99", run.timeline.millisAt(99));
        Charts.timeline(
                report.chart(output, "latency-" + run.name),
                "Healthy hooks at " + run.label + ": each second's p50 and p99"
                        + (run.hasBurst() ? " (the burst between the lines)" : ""),
                "seconds since the start (the enquiry's scheduled time)",
                "latency (ms, logarithmic)",
                latency,
                true,
                run.hasBurst() ? List.of((double) run.burstFrom, (double) run.burstTo) : List.of());
        Charts.timeline(
                report.chart(output, "memory-" + run.name),
                "Resident memory of each service at " + run.label + ", until every healthy delivery arrived",
                "MiB",
                run.memory);
        if (!run.cpuMillisPerEnquiry.isEmpty()) {
            Map<String, Double> bars = new LinkedHashMap<>(run.cpuMillisPerEnquiry);
            bars.remove("total");
            Charts.bars(
                    report.chart(output, "cpu-" + run.name),
                    "CPU ms per enquiry at " + run.label + " (total " + run.cpuMillisPerEnquiry.get("total") + " ms)",
                    "ms",
                    bars);
        }
    }

    /** Each service's highest resident memory over the whole run against the goal. */
    private static void memoryFigures(Report report, List<MixPhase> runs) {
        for (String service : Services.NAMES) {
            double peak = runs.stream()
                    .mapToDouble(run -> run.peakMemory.getOrDefault(service, 0.0))
                    .max()
                    .orElse(0);
            report.figure(
                    service + " resident memory, highest over the run",
                    Math.round(peak),
                    "MiB",
                    Report.Goal.atMost(RESIDENT_MIB));
        }
    }

    /**
     * For each kind of unhealthy hook: how many, their owners' ranks, and the share of the enquiries
     * that go to an owner with one (its healthy hook, if it has one, is measured with the others).
     */
    private static Map<String, Object> unhealthyHooks(MixOwners mix, ZipfDraw zipf) {
        Map<String, Object> byKind = new LinkedHashMap<>();
        for (Kind kind : Kind.values()) {
            if (kind == Kind.OK) {
                continue;
            }
            List<Integer> ranks = mix.hooks().stream()
                    .filter(hook -> hook.kind() == kind)
                    .map(MixOwners.Hook::ownerRank)
                    .distinct()
                    .sorted()
                    .toList();
            Map<String, Object> about = new LinkedHashMap<>();
            about.put("answer", kind.answer());
            about.put(
                    "hooks",
                    mix.hooks().stream().filter(hook -> hook.kind() == kind).count());
            about.put("owner_ranks", ranks);
            about.put(
                    "share_of_enquiries_percent",
                    percent(ranks.stream().mapToDouble(zipf::share).sum()));
            byKind.put(kind.prefix(), about);
        }
        return byKind;
    }

    /** The method, for the markdown: the traffic, then what is measured and how. */
    private List<String> method(ZipfDraw zipf, Map<String, Object> setup) {
        double top = 0;
        for (int rank = 1; rank <= Math.min(100, owners); rank++) {
            top += zipf.share(rank);
        }
        StringBuilder answers = new StringBuilder();
        shares.forEach((kind, share) -> answers.append(Format.number(percent(share)))
                .append(" % answer ")
                .append(kind.answer())
                .append(", "));
        String traffic = Format.number(owners) + " owners, each with one property and one hook to all its "
                + "properties, the first " + Format.number(hooks - owners) + " by rank a second hook: "
                + Format.number(hooks) + " hooks, each on its own path of one receiver in the load generator's "
                + "process. Which hooks answer badly is drawn at random (seed " + seed + "), whatever their owner's "
                + "rank: " + answers + "the others (the healthy hooks) 204 at once; `unhealthy_hooks` in the JSON "
                + "names their owners' ranks and the share of the enquiries that go to those owners. Each enquiry "
                + "goes through the real intake (`POST /internal/v1/enquiries` over kept-alive HTTPS, open loop, an "
                + "Idempotency-Key each, sent again on 503, 409 or no answer, as in `bench/run.sh e2e`) about the "
                + "property of an owner drawn by Zipf's law, rank k with a weight of 1/k^" + Format.number(exponent)
                + ": rank 1 gets " + Format.number(percent(zipf.share(1))) + " % of the enquiries, the first 100 "
                + "ranks " + Format.number(percent(top)) + " %. webhook-dispatcher runs with its own settings "
                + "(timeout 10 s, retries after 1 min … 4 h). A warm-up of " + warmUp.toSeconds() + " s at " + rate
                + "/s through the same mix runs first and is not counted.";
        String measures = "Latency: the healthy hooks' deliveries only, from the enquiry's scheduled time to its "
                + "first arrival at the receiver, one clock for both; an owner's healthy hook counts whether or not "
                + "its other hook is unhealthy (those apart in the JSON). Each second: the p50 and p99 of the "
                + "deliveries of the enquiries scheduled in it; after the burst, the seconds from its end until every "
                + "later second's p99 is ≤ " + Format.number(MixPhase.ON_TIME_P99_MS) + " ms. Every enquiry "
                + "accounted for: each accepted enquiry received by each healthy hook of its owner (waited for at "
                + "most " + settle.toSeconds() + " s after the intake's last answer), and for each of its owner's "
                + "other hooks a delivery held by the dispatcher (its row in `deliveries`, by status in the JSON: "
                + "most wait for a retry the run is too short for) or received; lost = neither, and the enquiries "
                + "the intake did not accept. CPU per enquiry: user + system CPU time of each process (/proc) from "
                + "the phase's start until every healthy delivery arrived, divided by the enquiries accepted; the "
                + "load generator includes the receiver. Memory: each service's VmRSS once a second, from the "
                + "phase's start until every delivery was accounted for. Owners and hooks were made through the "
                + "internal API and the Integration API, " + MixOwners.CONCURRENT_CALLS + " owners at a time, in "
                + setup.get("seconds_to_make_owners_and_hooks") + " s; the hooks were removed at the end in "
                + setup.get("seconds_to_remove_the_hooks") + " s (the owners stay in the database).";
        return List.of(traffic, measures);
    }

    private static double percent(double share) {
        return Math.round(share * 1000) / 10.0;
    }
}
