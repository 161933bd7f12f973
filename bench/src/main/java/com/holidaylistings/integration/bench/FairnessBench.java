package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver.Answer;
import com.holidaylistings.integration.stack.Stack;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fairness between owners, a noisy neighbour: owner N has a hundred subscriptions, all on one slow
 * receiver that answers every delivery after a delay with 503 and {@code Retry-After: 3600}, every
 * tenth with 200; owner V has one subscription on a fast receiver and submits 2 enquiries a second
 * throughout. V's latency, from the intake's 201 to the webhook received, first with V alone, then
 * while N submits at a rate R, for each stack setting (webhook-dispatcher restarted with its
 * environment) and each rate. Both submit through the real intake ({@link IntakeLoad}).
 *
 * <p>docs/benchmarks/fairness.md keeps one section per label ({@code -Dbench.fairness.section}): a
 * run replaces its own section and keeps the others, so that figures before a change stay beside
 * those after it.
 */
final class FairnessBench {

    /** The product's goal: V's p99 during the flood at most this, and at most {@link #GOAL_RATIO} × without it. */
    private static final double GOAL_P99_MS = 250;

    private static final double GOAL_RATIO = 2;
    /** The dispatcher's own settings (webhook-dispatcher's application.yml), for the labels and the drain. */
    private static final List<Duration> DEFAULT_RETRY_DELAYS = List.of(
            Duration.ofMinutes(1),
            Duration.ofMinutes(5),
            Duration.ofMinutes(15),
            Duration.ofHours(1),
            Duration.ofHours(4));

    private static final String DEFAULT_TIMEOUT = "10s";
    /** Between runs, the retry stages waited for: those due within this (the longer ones are left to wait). */
    private static final Duration DRAINED_STAGES_UP_TO = Duration.ofMinutes(2);

    private static final long RETRY_AFTER_SECONDS = 3600;
    private static final String DEFAULT_SECTION = "Latest run";

    /**
     * A stack setting: the environment webhook-dispatcher is restarted with, the retry delays it then
     * has, its timeout, how long N's receiver takes to answer, and the rates N submits at in turn.
     */
    record Setting(
            String id,
            Map<String, String> environment,
            String timeout,
            List<Duration> retryDelays,
            String retryDelaysText,
            Duration receiverDelay,
            List<Integer> rates) {

        String label() {
            return (environment.isEmpty()
                            ? "defaults (`WEBHOOK_TIMEOUT=" + timeout + "`, `WEBHOOK_RETRY_DELAYS=" + retryDelaysText
                                    + "`)"
                            : "`WEBHOOK_TIMEOUT=" + timeout + "`, `WEBHOOK_RETRY_DELAYS=" + retryDelaysText + "`")
                    + "; N's receiver answers after " + seconds(receiverDelay) + " s";
        }

        String shortLabel(int rate) {
            return (environment.isEmpty() ? "defaults" : timeout + " timeout") + ", N " + rate + "/s to a "
                    + seconds(receiverDelay) + " s receiver";
        }
    }

    /** What one run measured. */
    private static final class Run {
        final Setting setting;
        final int rate;
        String loadAtStart;
        String restartedAgainBecause;
        Instant floodStartedAt;
        Instant floodEndedAt;
        final Latencies before = new Latencies();
        final Latencies during = new Latencies();
        final Map<Double, Double> timeline = new LinkedHashMap<>();
        long vSubmitted;
        long vAccepted;
        long vReceived;
        long vLost;
        Accounting vAccounting;
        IntakeLoad.ClientSide vClient;
        IntakeLoad.ClientSide nClient;
        long nSubmitted;
        long nAccepted;
        Map<String, Object> nDeliveries = new LinkedHashMap<>();
        Map<String, Object> nReceiver = new LinkedHashMap<>();
        Map<String, Long> backlogAtStart = new LinkedHashMap<>();
        Map<String, Long> backlogAtFloodEnd = new LinkedHashMap<>();
        double drainedForSeconds;
        List<String> stagesWithoutConsumer = List.of();
        Map<String, Long> dispatcherLog = new LinkedHashMap<>();

        Run(Setting setting, int rate) {
            this.setting = setting;
            this.rate = rate;
        }

        double ratio() {
            return before.millisAt(99) <= 0 ? Double.POSITIVE_INFINITY : during.millisAt(99) / before.millisAt(99);
        }

        boolean met() {
            return during.millisAt(99) <= GOAL_P99_MS && ratio() <= GOAL_RATIO && vLost == 0;
        }
    }

    private final Db db;
    private final Path output;
    private final Duration baseline = Duration.ofSeconds(Long.getLong("bench.fairness.baselineSeconds", 20));
    private final Duration flood = Duration.ofSeconds(Long.getLong("bench.fairness.floodSeconds", 60));
    private final Duration warmUp = Duration.ofSeconds(Long.getLong("bench.fairness.warmupSeconds", 10));
    private final Duration settle = Duration.ofSeconds(Long.getLong("bench.fairness.settleSeconds", 120));
    private final Duration drain = Duration.ofSeconds(Long.getLong("bench.fairness.drainSeconds", 180));
    private final int hooks = Integer.getInteger("bench.fairness.hooks", 100);
    private final int vRate = Integer.getInteger("bench.fairness.vRate", 2);
    private final int successEvery = Integer.getInteger("bench.fairness.successEvery", 10);
    private final String section = System.getProperty("bench.fairness.section", DEFAULT_SECTION);
    /** False: the dispatcher is restarted only when the setting changes, so a later run of a setting finds it warm. */
    private final boolean restartEachRun =
            Boolean.parseBoolean(System.getProperty("bench.fairness.restartEachRun", "true"));

    private final Instant startedAt = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    FairnessBench(Db db, Path output) {
        this.db = db;
        this.output = output;
    }

    /** The settings of {@code bench.fairness.settings} ("short,default" unless given), as their properties say. */
    static List<Setting> settings() {
        String shortDelays = System.getProperty("bench.fairness.retryDelays.short", "1s,2s,3s,4s,5s");
        String shortTimeout = System.getProperty("bench.fairness.timeout.short", "2s");
        Setting shortOne = new Setting(
                "short",
                Map.of("WEBHOOK_TIMEOUT", shortTimeout, "WEBHOOK_RETRY_DELAYS", shortDelays),
                shortTimeout,
                durations(shortDelays),
                shortDelays,
                Duration.ofMillis(Long.getLong("bench.fairness.delay.short", 1800)),
                integers(System.getProperty("bench.fairness.rates.short", "10")));
        Setting defaults = new Setting(
                "default",
                Map.of(),
                DEFAULT_TIMEOUT,
                DEFAULT_RETRY_DELAYS,
                "1m,5m,15m,1h,4h",
                Duration.ofMillis(Long.getLong("bench.fairness.delay.default", 9000)),
                integers(System.getProperty("bench.fairness.rates.default", "2")));
        List<Setting> chosen = new ArrayList<>();
        for (String id :
                System.getProperty("bench.fairness.settings", "short,default").split(",")) {
            switch (id.trim()) {
                case "short" -> chosen.add(shortOne);
                case "default" -> chosen.add(defaults);
                default ->
                    throw new IllegalArgumentException("bench.fairness.settings: short and/or default, not " + id);
            }
        }
        return chosen;
    }

    Report run() throws Exception {
        List<Setting> settings = settings();
        Report report = new Report(
                "fairness",
                "Fairness: one owner's slow receiver next to another owner's deliveries",
                "bench/run.sh fairness");
        report.parameter("section", section);
        report.parameter("baseline_seconds", baseline.toSeconds());
        report.parameter("flood_seconds", flood.toSeconds());
        report.parameter("v_enquiries_per_second", vRate);
        report.parameter("n_hooks", hooks);
        report.parameter("n_receiver_200_every", successEvery);
        settings.forEach(setting -> report.parameter(
                "setting " + setting.id(),
                setting.label().replace("`", "") + "; N at " + setting.rates() + " a second"));
        report.note(method());
        Map<String, Object> machine = Machine.describe(db);
        List<Run> runs = new ArrayList<>();
        Map<String, String> running = null; // the environment the dispatcher was restarted with, if it was
        boolean stoppedStages = false; // whether the last run left the dispatcher with a stage no one consumes
        ExecutorService vThread = Executors.newSingleThreadExecutor();
        try (WebhookReceiver vReceiver = BenchTargets.receiver();
                DispatcherBacklog backlog = new DispatcherBacklog();
                IntakeLoad vLoad = new IntakeLoad();
                IntakeLoad nLoad = new IntakeLoad()) {
            Setting last = null;
            for (Setting setting : settings) {
                for (int rate : setting.rates()) {
                    // a fresh dispatcher for each run: what an earlier run did to it (an error that stopped a
                    // listener container, say) stays with that run
                    if (restartEachRun || setting != last) {
                        System.out.printf(
                                "fairness: restarting webhook-dispatcher with %s%n",
                                setting.environment().isEmpty() ? "its own settings" : setting.environment());
                        Services.restartWith("webhook-dispatcher", setting.environment());
                        running = setting.environment();
                    }
                    runs.add(runOnce(setting, rate, runs.size(), vReceiver, backlog, vLoad, nLoad, vThread));
                    last = setting;
                }
            }
            if (last != null) {
                // leave the stack without the last run's backlog, for whatever runs next
                String restarted = drainRestartingIfStopped(backlog, last.retryDelays(), last.environment());
                Map<String, Long> left = backlog.byStage(last.retryDelays(), DRAINED_STAGES_UP_TO);
                report.raw("dispatcher_backlog_left_at_the_end", left);
                report.raw("dispatcher_restarted_at_the_end_because", restarted);
                System.out.printf("fairness: backlog left at the end: %s%n", left);
                stoppedStages = !backlog.withoutConsumer(last.retryDelays(), Duration.ofDays(1))
                        .isEmpty();
            }
        } finally {
            vThread.shutdownNow();
            if (running == null || !running.isEmpty() || stoppedStages) {
                System.out.println("fairness: restarting webhook-dispatcher with its own settings");
                Services.restartWith("webhook-dispatcher", Map.of());
            }
        }
        for (Run run : runs) {
            String label = run.setting.shortLabel(run.rate);
            report.figure("V's p99 before, " + label, Latencies.round(run.before.millisAt(99)), "ms", null);
            report.figure(
                    "V's p99 during, " + label,
                    Latencies.round(run.during.millisAt(99)),
                    "ms",
                    Report.Goal.atMost(GOAL_P99_MS));
            report.figure(
                    "V's p99 during ÷ before, " + label,
                    Math.round(run.ratio() * 100) / 100.0,
                    "×",
                    Report.Goal.atMost(GOAL_RATIO));
            report.lost("V's enquiries lost, " + label, run.vLost);
        }
        report.raw("runs", runs.stream().map(FairnessBench::raw).toList());
        String sectionId = slug(section);
        String chart = "fairness-latency-" + sectionId + ".png";
        Map<String, Map<Double, Double>> series = new LinkedHashMap<>();
        runs.forEach(run -> series.put(run.setting.shortLabel(run.rate), run.timeline));
        Charts.timeline(
                output.resolve(chart),
                "V's enquiries: intake answered 201 → webhook received; N's flood between the lines",
                "seconds since V started (its enquiry's scheduled time)",
                "latency (ms, logarithmic; 1 at least)",
                series,
                true,
                List.of((double) baseline.toSeconds(), (double) (baseline.plus(flood)).toSeconds()));
        Files.copy(output.resolve(chart), output.resolve("fairness-latency.png"), StandardCopyOption.REPLACE_EXISTING);
        report.raw("charts", Map.of("latest run", "fairness-latency.png", "this section", chart));
        Map<String, String> sections = previousSections(output.resolve("fairness.md"));
        sections.put(sectionId, section(sectionId, chart, runs, machine));
        sections.values().forEach(report::note);
        return report;
    }

    private Run runOnce(
            Setting setting,
            int rate,
            int index,
            WebhookReceiver vReceiver,
            DispatcherBacklog backlog,
            IntakeLoad vLoad,
            IntakeLoad nLoad,
            ExecutorService vThread)
            throws Exception {
        // N's deliveries of the run before, still queued or waiting for a retry, are skipped without a request
        // now that its subscriptions are gone: wait for them, so that this run starts without that backlog
        // (retries due later than DRAINED_STAGES_UP_TO are left to wait)
        Run run = new Run(setting, rate);
        long drainStarted = System.nanoTime();
        run.restartedAgainBecause = drainRestartingIfStopped(backlog, setting.retryDelays(), setting.environment());
        run.drainedForSeconds = Math.round((System.nanoTime() - drainStarted) / 1e8) / 10.0;
        run.loadAtStart = Machine.loadAverage();
        System.out.printf("fairness: %s (load %s)%n", setting.shortLabel(rate), run.loadAtStart);
        run.backlogAtStart = backlog.byStage(setting.retryDelays(), Duration.ofDays(1));
        String vPath = "/ok/fairness-v-" + index;
        vReceiver.answer(vPath, Answer.ok());
        BenchOwner v = BenchOwner.create("bench-fairness-v", vReceiver);
        v.subscribe(vPath);
        try (WebhookReceiver nReceiver = noisyNeighboursReceiver(setting.receiverDelay())) {
            BenchOwner n = BenchOwner.withTargets("bench-fairness-n", nReceiver::url);
            for (int i = 0; i < hooks; i++) {
                n.subscribe("/n/" + i);
            }
            UUID vProperty = v.target().propertyId();
            UUID nProperty = n.target().propertyId();
            // warm-up, not counted: V alone, until its deliveries arrive
            List<UUID> warm = IntakeLoad.Accepted.ids(vLoad.run(vProperty, vRate, warmUp));
            Accounting.settle(db, vReceiver, v.hooks("/ok/"), warm, Duration.ofMinutes(1));

            long started = System.nanoTime();
            Future<List<IntakeLoad.Accepted>> vRun =
                    vThread.submit(() -> vLoad.run(vProperty, vRate, baseline.plus(flood)));
            LockSupport.parkNanos(started + baseline.toNanos() - System.nanoTime());
            long plannedFloodStart = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50); // IntakeLoad's own start
            List<IntakeLoad.Accepted> nAccepted = nLoad.run(nProperty, rate, flood);
            run.nClient = nLoad.clientSide();
            List<IntakeLoad.Accepted> vAccepted = vRun.get();
            run.vClient = vLoad.clientSide();
            run.backlogAtFloodEnd = backlog.byStage(setting.retryDelays(), Duration.ofDays(1));
            long floodStart = nAccepted.stream()
                    .mapToLong(IntakeLoad.Accepted::scheduledAt)
                    .min()
                    .orElse(plannedFloodStart);
            long vStart = vAccepted.stream()
                    .mapToLong(IntakeLoad.Accepted::scheduledAt)
                    .min()
                    .orElse(started);
            run.floodStartedAt =
                    Instant.now().minusNanos(System.nanoTime() - floodStart).truncatedTo(ChronoUnit.MILLIS);
            run.floodEndedAt = run.floodStartedAt.plus(flood);

            List<UUID> vIds = IntakeLoad.Accepted.ids(vAccepted);
            run.vAccounting = Accounting.settle(db, vReceiver, v.hooks("/ok/"), vIds, settle);
            long settledAt = System.nanoTime();
            run.vSubmitted = vRate * baseline.plus(flood).toSeconds();
            run.vAccepted = vAccepted.size();
            for (IntakeLoad.Accepted accepted : vAccepted) {
                WebhookDelivery arrived = vReceiver.firstDelivery(vPath, accepted.enquiryId());
                // one not received by the end counts with its wait so far: a lower bound
                long latency = (arrived == null ? settledAt : arrived.arrivedAt()) - accepted.acceptedAt();
                (accepted.scheduledAt() < floodStart ? run.before : run.during).recordNanos(latency);
                // drawn at 1 ms at least: a webhook can arrive before the load generator has read the 201
                run.timeline.put((accepted.scheduledAt() - vStart) / 1e9, Math.max(1, latency / 1e6));
                if (arrived != null) {
                    run.vReceived++;
                }
            }
            run.vLost = run.vSubmitted - run.vReceived;
            run.nSubmitted = (long) rate * flood.toSeconds();
            run.nAccepted = nAccepted.size();
            run.nDeliveries = nDeliveries(n.hooks("/n/").values(), run.nAccepted * hooks);
            run.nReceiver = noisyNeighboursCounts(nReceiver);
            System.out.printf(
                    "fairness: %s: V before %s; V during %s; V %s; N %s; N's receiver %s%n",
                    setting.shortLabel(rate),
                    run.before.summary(),
                    run.during.summary(),
                    run.vAccounting,
                    run.nDeliveries,
                    run.nReceiver);
            run.stagesWithoutConsumer = backlog.withoutConsumer(setting.retryDelays(), Duration.ofDays(1));
            run.dispatcherLog = dispatcherLog();
            System.out.printf(
                    "fairness: dispatcher's stages without a consumer %s, its log %s%n",
                    run.stagesWithoutConsumer, run.dispatcherLog);
            n.unsubscribeAll();
            v.unsubscribeAll();
        }
        return run;
    }

    /**
     * Waits until the dispatcher has nothing left in Kafka of the stages due within
     * {@link #DRAINED_STAGES_UP_TO} (at most {@code drain}); when meanwhile it has stopped consuming a
     * stage with records left (a listener container stopped by an OutOfMemoryError while it read
     * thousands of due retries, say), restarts it with {@code environment} and waits again, at most
     * {@link #RESTARTS_WHEN_STOPPED} times. Answers why it restarted it, or null.
     */
    private String drainRestartingIfStopped(
            DispatcherBacklog backlog, List<Duration> retryDelays, Map<String, String> environment) {
        List<String> reasons = new ArrayList<>();
        Map<String, Long> left = backlog.awaitDrained(retryDelays, DRAINED_STAGES_UP_TO, drain);
        List<String> stopped = backlog.withoutConsumer(retryDelays, DRAINED_STAGES_UP_TO);
        while (DispatcherBacklog.total(left) > 0 && !stopped.isEmpty() && reasons.size() < RESTARTS_WHEN_STOPPED) {
            String reason =
                    "stages " + stopped + " without a consumer with " + left + " left, its log " + dispatcherLog();
            reasons.add(reason);
            System.out.printf("fairness: restarting webhook-dispatcher again: %s%n", reason);
            Services.restartWith("webhook-dispatcher", environment);
            left = backlog.awaitDrained(retryDelays, DRAINED_STAGES_UP_TO, drain);
            stopped = backlog.withoutConsumer(retryDelays, DRAINED_STAGES_UP_TO);
        }
        return reasons.isEmpty() ? null : String.join("; then ", reasons);
    }

    private static final int RESTARTS_WHEN_STOPPED = 3;

    /**
     * The lines of the dispatcher's log since this run restarted it that report an ERROR, and those
     * that name an OutOfMemoryError.
     */
    private static Map<String, Long> dispatcherLog() {
        Map<String, Long> counts = new LinkedHashMap<>();
        Path log = Stack.DIR.resolve("logs/webhook-dispatcher.log");
        try (var lines = Files.lines(log, StandardCharsets.UTF_8)) {
            long[] found = new long[2];
            lines.forEach(line -> {
                if (line.contains(" ERROR ")) {
                    found[0]++;
                }
                if (line.contains("OutOfMemoryError")) {
                    found[1]++;
                }
            });
            counts.put("error_lines", found[0]);
            counts.put("out_of_memory_lines", found[1]);
        } catch (IOException | UncheckedIOException e) {
            counts.put("error_lines", -1L);
            counts.put("out_of_memory_lines", -1L);
        }
        return counts;
    }

    /** N's deliveries from the attempt log: published, succeeded, abandoned, still pending, attempts by outcome. */
    private Map<String, Object> nDeliveries(java.util.Collection<UUID> subscriptions, long published) {
        Map<String, Object> counts = new LinkedHashMap<>();
        db.eachRow("""
                select count(*) filter (where outcome = 'succeeded') as succeeded_attempts,
                       count(*) filter (where outcome = 'failed') as failed_attempts,
                       count(*) filter (where outcome = 'abandoned') as abandoned_attempts,
                       count(distinct (subscription_id, enquiry_id)) as attempted,
                       count(distinct (subscription_id, enquiry_id)) filter (where outcome = 'succeeded') as delivered,
                       count(distinct (subscription_id, enquiry_id)) filter (where outcome = 'abandoned') as abandoned,
                       count(distinct enquiry_id) filter (where outcome = 'succeeded') as enquiries_received
                  from delivery_attempts where subscription_id = any (?)""", subscriptions, row -> {
            long delivered = row.getLong("delivered");
            long abandoned = row.getLong("abandoned");
            counts.put("published", published);
            counts.put("attempted_at_least_once", row.getLong("attempted"));
            counts.put("delivered", delivered);
            counts.put("abandoned", abandoned);
            counts.put("pending", published - delivered - abandoned);
            counts.put("enquiries_received_by_at_least_one_hook", row.getLong("enquiries_received"));
            counts.put("attempts_succeeded", row.getLong("succeeded_attempts"));
            counts.put("attempts_failed", row.getLong("failed_attempts"));
            counts.put("attempts_abandoned", row.getLong("abandoned_attempts"));
        });
        return counts;
    }

    private String method() {
        return "Owner N has " + hooks + " webhook subscriptions (all its properties), on " + hooks
                + " URLs (`/n/0` … `/n/"
                + (hooks - 1) + "`) of one slow receiver in the load generator's process, which answers every request "
                + "after a delay D with `503` and `Retry-After: " + RETRY_AFTER_SECONDS + "`, except every "
                + ordinal(successEvery) + " request it receives, answered `200` after the same delay. Owner V has one "
                + "subscription on a fast receiver (`200` at once, another port of the same process) and submits "
                + vRate
                + " enquiries a second throughout. Both submit through the real intake (`POST /internal/v1/enquiries`, "
                + "HTTPS keep-alive, open loop, as `IntakeLoad` does for the other benchmarks). V's latency runs from "
                + "the intake's `201` answer to the webhook's arrival at V's receiver (matched on the enquiry id), one "
                + "clock for both (0 when the webhook arrived before the load generator had read the `201`, which "
                + "happens when the load generator's process is short of CPU); a V enquiry not received by the end ("
                + settle.toSeconds() + " s after the last "
                + "submission) counts with its wait so far, a lower bound, and as lost. Each run: N's subscriptions "
                + "made, " + warmUp.toSeconds() + " s of V alone (warm-up, not counted), then " + baseline.toSeconds()
                + " s of V alone (**before**), then " + flood.toSeconds() + " s in which N submits at R a second "
                + "while V goes on (**during**: V's enquiries submitted in it); then N's and V's subscriptions are "
                + "removed. Before each run webhook-dispatcher is restarted (`dev/up.sh`) with the environment of "
                + "the run's stack setting, and the run waits until the dispatcher has nothing left in Kafka of "
                + "the run before (fan-out, first attempts and the retry stages due within "
                + DRAINED_STAGES_UP_TO.toMinutes() + " minutes; at most " + drain.toSeconds() + " s), since N's "
                + "removed subscriptions' deliveries are still read, and skipped; after the last run it waits "
                + "again, and restarts the dispatcher with its own settings if the last setting was not those (or "
                + "the dispatcher has stopped consuming a stage). When the dispatcher stops consuming a stage "
                + "while it reads such a backlog, it is restarted and waited for again, up to "
                + RESTARTS_WHEN_STOPPED + " times. Goal (the product's): V's "
                + "p99 during the flood ≤ " + Format.number(GOAL_P99_MS) + " ms and ≤ " + Format.number(GOAL_RATIO)
                + " × V's p99 before it, nothing of V's lost. Every N enquiry is " + hooks + " deliveries; "
                + "N's deliveries mostly still waiting for a retry at the end is expected. Each section below is "
                + "one run of `bench/run.sh fairness` with its `-Dbench.fairness.section` (default \"" + DEFAULT_SECTION
                + "\"); a run replaces only its own section. `fairness-latency.png` and `fairness.json` are the latest "
                + "run's. Properties (`-D…`): `bench.fairness.settings` (`short,default`), `bench.fairness.rates.short` "
                + "(10), `bench.fairness.rates.default` (2), `bench.fairness.delay.short` (1800 ms), "
                + "`bench.fairness.delay.default` (9000 ms), `bench.fairness.timeout.short` (2s), "
                + "`bench.fairness.retryDelays.short` (1s,2s,3s,4s,5s), `bench.fairness.baselineSeconds` (20), "
                + "`bench.fairness.floodSeconds` (60), `bench.fairness.warmupSeconds` (10), "
                + "`bench.fairness.settleSeconds` (120), `bench.fairness.drainSeconds` (180), `bench.fairness.hooks` "
                + "(100), `bench.fairness.vRate` (2), `bench.fairness.successEvery` (10), `bench.fairness.section`, "
                + "`bench.fairness.restartEachRun` (true; false: restarted only when the setting changes, so that a "
                + "setting's later runs find the dispatcher warm from its first).";
    }

    /** This run's section of fairness.md, between markers that the next run finds it by. */
    private String section(String id, String chart, List<Run> runs, Map<String, Object> machine) {
        StringBuilder md = new StringBuilder();
        md.append(String.format(START, id)).append('\n');
        md.append("## ").append(section).append(" (commit ").append(commit()).append(")\n\n");
        md.append("Measured ")
                .append(startedAt)
                .append(" with `bench/run.sh fairness")
                .append(givenProperties())
                .append("`: ")
                .append(baseline.toSeconds())
                .append(" s before, ")
                .append(flood.toSeconds())
                .append(" s during the flood, V at ")
                .append(vRate)
                .append("/s, N with ")
                .append(hooks)
                .append(" hooks. Machine: ")
                .append(Format.machine(machine))
                .append(".\n\n");
        md.append(
                "| Stack settings, N's receiver | N's enquiries | V's p50 / p99 before | V's p50 / p99 during | ratio | V lost "
                        + "| Goal met? |\n|---|---|---|---|---|---|---|\n");
        for (Run run : runs) {
            md.append("| ")
                    .append(run.setting.label())
                    .append(" | ")
                    .append(run.rate)
                    .append("/s for ")
                    .append(flood.toSeconds())
                    .append(" s: ")
                    .append(Format.number(run.nAccepted))
                    .append(" × ")
                    .append(hooks)
                    .append(" hooks | ")
                    .append(ms(run.before.millisAt(50)))
                    .append(" / ")
                    .append(ms(run.before.millisAt(99)))
                    .append(" | ")
                    .append(ms(run.during.millisAt(50)))
                    .append(" / ")
                    .append(ms(run.during.millisAt(99)))
                    .append(" | ")
                    .append(Format.number(Math.round(run.ratio() * 100) / 100.0))
                    .append("× | ")
                    .append(run.vLost)
                    .append(" of ")
                    .append(run.vSubmitted)
                    .append(" | ")
                    .append(run.met() ? "yes" : "**no**")
                    .append(" |\n");
        }
        md.append("\nGoal: V's p99 during ≤ ")
                .append(Format.number(GOAL_P99_MS))
                .append(" ms and ≤ ")
                .append(Format.number(GOAL_RATIO))
                .append(" × before, nothing of V's lost.\n\n");
        md.append(
                "| Run | V received before + during | V's max before / during | V's intake 201 p99 | load generator's "
                        + "lag (scheduled → sent) p99 / max, V; N | N's deliveries: published / delivered / abandoned / pending "
                        + "| N's enquiries received (≥ 1 hook) | requests at N's receiver | dispatcher's Kafka backlog at the "
                        + "flood's end (first attempts; retries) | dispatcher's log: ERROR lines (OutOfMemoryError); stages "
                        + "left without a consumer | 1-min load at the start |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Run run : runs) {
            Map<String, Object> n = run.nDeliveries;
            long retries = run.backlogAtFloodEnd.entrySet().stream()
                    .filter(e -> e.getKey().startsWith("retry"))
                    .mapToLong(Map.Entry::getValue)
                    .sum();
            md.append("| ")
                    .append(run.setting.shortLabel(run.rate))
                    .append(" | ")
                    .append(run.before.count())
                    .append(" + ")
                    .append(run.during.count())
                    .append(" accepted, ")
                    .append(run.vReceived)
                    .append(" received | ")
                    .append(ms(run.before.maxMillis()))
                    .append(" / ")
                    .append(ms(run.during.maxMillis()))
                    .append(" | ")
                    .append(ms(run.vClient.scheduledTo201().millisAt(99)))
                    .append(" | ")
                    .append(ms(run.vClient.sendLag().millisAt(99)))
                    .append(" / ")
                    .append(ms(run.vClient.sendLag().maxMillis()))
                    .append("; ")
                    .append(ms(run.nClient.sendLag().millisAt(99)))
                    .append(" / ")
                    .append(ms(run.nClient.sendLag().maxMillis()))
                    .append(" | ")
                    .append(Format.number(((Number) n.get("published")).doubleValue()))
                    .append(" / ")
                    .append(Format.number(((Number) n.get("delivered")).doubleValue()))
                    .append(" / ")
                    .append(Format.number(((Number) n.get("abandoned")).doubleValue()))
                    .append(" / ")
                    .append(Format.number(((Number) n.get("pending")).doubleValue()))
                    .append(" | ")
                    .append(Format.number(((Number) n.get("enquiries_received_by_at_least_one_hook")).doubleValue()))
                    .append(" of ")
                    .append(Format.number(run.nAccepted))
                    .append(" | ")
                    .append(Format.number(((Number) run.nReceiver.get("requests")).doubleValue()))
                    .append(" | ")
                    .append(Format.number(run.backlogAtFloodEnd.getOrDefault("first attempts", 0L)))
                    .append("; ")
                    .append(Format.number(retries))
                    .append(" | ")
                    .append(
                            run.restartedAgainBecause == null
                                    ? ""
                                    : "restarted again before the run (a stage had " + "stopped); then ")
                    .append(run.dispatcherLog.get("error_lines"))
                    .append(" (")
                    .append(run.dispatcherLog.get("out_of_memory_lines"))
                    .append("); ")
                    .append(run.stagesWithoutConsumer.isEmpty() ? "none" : String.join(", ", run.stagesWithoutConsumer))
                    .append(" | ")
                    .append(run.loadAtStart.split(" ")[0])
                    .append(" |\n");
        }
        md.append(
                "\nN's deliveries are counted from the attempt log when V's last delivery arrived (or the wait for it "
                        + "ended), before N's subscriptions were removed: delivered = answered 200 within the timeout, pending "
                        + "= neither delivered nor abandoned (queued, in flight or waiting for a retry).\n\n");
        md.append("![").append(chart).append("](").append(chart).append(")\n");
        md.append(String.format(END, id));
        return md.toString();
    }

    private static final String START = "<!-- fairness section: %s -->";
    private static final String END = "<!-- end of fairness section: %s -->";
    private static final Pattern SECTION =
            Pattern.compile("(?s)<!-- fairness section: ([a-z0-9-]+) -->.*?<!-- end of fairness section: \\1 -->");

    /** The sections of the previous fairness.md, in order, by id. */
    static Map<String, String> previousSections(Path file) {
        Map<String, String> sections = new LinkedHashMap<>();
        if (!Files.isReadable(file)) {
            return sections;
        }
        try {
            Matcher matcher = SECTION.matcher(Files.readString(file, StandardCharsets.UTF_8));
            while (matcher.find()) {
                sections.put(matcher.group(1), matcher.group());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sections;
    }

    static String slug(String title) {
        String slug = title.toLowerCase(Locale.ROOT)
                .replace("'", "")
                .replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-|-$", "");
        return slug.isEmpty() ? "run" : slug;
    }

    /** The -Dbench.fairness.* properties given, for the section's command line. */
    private static String givenProperties() {
        List<String> given = new ArrayList<>();
        System.getProperties().stringPropertyNames().stream()
                .filter(name -> name.startsWith("bench."))
                .sorted()
                .forEach(name -> given.add("-D" + name + "=" + System.getProperty(name)));
        return given.isEmpty() ? "" : " " + String.join(" ", given);
    }

    /** The repository's commit, and whether the services' code differs from it. */
    private static String commit() {
        String hash = git("rev-parse", "--short", "HEAD");
        String changed = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench", ":!docs");
        return (hash.isEmpty() ? "unknown" : hash)
                + (changed.isEmpty() ? "" : ", with uncommitted changes outside bench/ and docs/");
    }

    private static String git(String... arguments) {
        List<String> command = new ArrayList<>(List.of("git", "-C", Stack.ROOT.toString()));
        command.addAll(Arrays.asList(arguments));
        try {
            Process git = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.waitFor() == 0 ? out : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static Map<String, Object> raw(Run run) {
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("setting", run.setting.label().replace("`", ""));
        raw.put("environment", run.setting.environment());
        raw.put("n_receiver_delay_ms", run.setting.receiverDelay().toMillis());
        raw.put("n_enquiries_per_second", run.rate);
        raw.put("load_average_at_start", run.loadAtStart);
        raw.put("flood_started_at", String.valueOf(run.floodStartedAt));
        raw.put("flood_ended_at", String.valueOf(run.floodEndedAt));
        raw.put("dispatcher_restarted_again_before_the_run_because", run.restartedAgainBecause);
        raw.put("v_before", run.before.summary());
        raw.put("v_during", run.during.summary());
        raw.put("v_p99_during_over_before", Math.round(run.ratio() * 100) / 100.0);
        raw.put("goal_met", run.met());
        raw.put("v_submitted", run.vSubmitted);
        raw.put("v_accepted", run.vAccepted);
        raw.put("v_received", run.vReceived);
        raw.put("v_lost", run.vLost);
        raw.put("v_accounting", run.vAccounting.asMap());
        raw.put("v_intake_answered_201", run.vClient.scheduledTo201().summary());
        raw.put("v_client", run.vClient.asMap());
        raw.put("n_submitted", run.nSubmitted);
        raw.put("n_accepted", run.nAccepted);
        raw.put("n_client", run.nClient.asMap());
        raw.put("n_deliveries", run.nDeliveries);
        raw.put("n_receiver", run.nReceiver);
        raw.put("dispatcher_backlog_at_start", run.backlogAtStart);
        raw.put("dispatcher_backlog_at_flood_end", run.backlogAtFloodEnd);
        raw.put("waited_for_the_backlog_before_seconds", run.drainedForSeconds);
        raw.put("dispatcher_stages_without_consumer_at_the_end", run.stagesWithoutConsumer);
        raw.put("dispatcher_log", run.dispatcherLog);
        return raw;
    }

    private static String ms(double millis) {
        return millis >= 10_000 ? Format.number(Math.round(millis / 100) / 10.0) + " s" : Format.number(millis) + " ms";
    }

    private static String seconds(Duration duration) {
        return Format.number(duration.toMillis() / 1000.0);
    }

    private static String ordinal(int n) {
        return n % 10 == 1 && n != 11
                ? n + "st"
                : n % 10 == 2 && n != 12 ? n + "nd" : n % 10 == 3 && n != 13 ? n + "rd" : n + "th";
    }

    private static List<Integer> integers(String list) {
        return Arrays.stream(list.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .map(Integer::valueOf)
                .toList();
    }

    /** "1s,2s,500ms,1m,4h" as durations. */
    static List<Duration> durations(String list) {
        List<Duration> durations = new ArrayList<>();
        for (String item : list.split(",")) {
            Matcher matcher = Pattern.compile("(\\d+)(ms|s|m|h|d)").matcher(item.trim());
            if (!matcher.matches()) {
                throw new IllegalArgumentException("not a duration: " + item);
            }
            long amount = Long.parseLong(matcher.group(1));
            durations.add(
                    switch (matcher.group(2)) {
                        case "ms" -> Duration.ofMillis(amount);
                        case "s" -> Duration.ofSeconds(amount);
                        case "m" -> Duration.ofMinutes(amount);
                        case "h" -> Duration.ofHours(amount);
                        default -> Duration.ofDays(amount);
                    });
        }
        return durations;
    }

    /**
     * The noisy neighbour's receiver: any path answers every request only after {@code delay}, with
     * {@code 503} and {@code Retry-After}, except every {@code successEvery}-th request it receives
     * (counted across all its paths), answered {@code 200} after the same delay. It keeps counts only.
     */
    private WebhookReceiver noisyNeighboursReceiver(Duration delay) {
        WebhookReceiver receiver = WebhookReceiver.builder()
                .keeping(WebhookReceiver.Keeping.COUNTS)
                .start();
        Answer accepted = Answer.ok().after(delay);
        Answer refused = Answer.status(503)
                .with("Retry-After", Long.toString(RETRY_AFTER_SECONDS))
                .after(delay);
        receiver.answerOthers(delivery -> delivery.sequence() % successEvery == 0 ? accepted : refused);
        return receiver;
    }

    /** Requests, answers by kind, distinct enquiries answered 200, the most requests open at once. */
    private static Map<String, Object> noisyNeighboursCounts(WebhookReceiver receiver) {
        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("requests", receiver.received());
        counts.put("answered_200", receiver.answeredWith(200));
        counts.put("answered_503", receiver.answeredWith(503));
        counts.put("closed_by_the_sender_before_the_answer", receiver.cutOff());
        counts.put("enquiries_answered_200_at_least_once", receiver.enquiriesAccepted());
        counts.put("most_requests_open_at_once", receiver.peakInFlight());
        return counts;
    }
}
