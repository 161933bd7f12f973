package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The guest's enquiry to the owner's webhook at 50, 200 and 500 enquiries a second and in a burst
 * of 1,000 a second, each for {@code seconds}, one subscription of a fast receiver; twice:
 * <ul>
 * <li><b>through the intake</b>, as a listing site sends them ({@link IntakeLoad}: HTTPS keep-alive,
 * open loop, an Idempotency-Key each), latency from each request's scheduled time to the webhook's
 * arrival;</li>
 * <li><b>pipeline only</b>: committed straight into the database as the intake commits them
 * ({@link EnquiryLoad}), latency from the scheduled commit to the webhook's arrival.</li>
 * </ul>
 * The difference is the intake's share. During the run at 200/s through the intake, the CPU time
 * of every process divided by the deliveries is the cost of one enquiry.
 */
final class EndToEndBench {

    /** {@code -Dbench.rates=200} runs only the rates given (for a quicker comparison at one rate). */
    private static final int[] RATES = Arrays.stream(
                    System.getProperty("bench.rates", "50,200,500,1000").split(","))
            .mapToInt(rate -> Integer.parseInt(rate.strip()))
            .toArray();

    private static final int COST_RATE = 200;
    /** {@code -Dbench.pipeline=false} leaves out the pipeline-only half (for a quicker comparison of the intake). */
    private static final boolean PIPELINE_ONLY_HALF =
            Boolean.parseBoolean(System.getProperty("bench.pipeline", "true"));
    /**
     * The whole stack's CPU milliseconds per enquiry at 200/s through the intake, measured before
     * the changes of issue 13 (see docs/benchmarks/profile.md); the goal is 30 % less.
     */
    static final double CPU_MS_PER_ENQUIRY_BEFORE =
            Double.parseDouble(System.getProperty("bench.cpuMsPerEnquiryBefore", "0"));

    private final Db db;
    private final Path output;
    private final Duration phase;

    EndToEndBench(Db db, Path output, Duration phase) {
        this.db = db;
        this.output = output;
        this.phase = phase;
    }

    Report run() throws Exception {
        Report report = new Report("e2e", "End to end: the guest's enquiry → webhook received", "bench/run.sh e2e");
        report.parameter("seconds_per_rate", phase.toSeconds());
        report.parameter(
                "rates_per_second",
                Arrays.stream(RATES)
                        .mapToObj(rate -> rate == 1000 ? (Object) "1000 (burst)" : rate)
                        .toList());
        report.note("Through the intake: a listing site's client in the load generator's process sends "
                + "`POST /internal/v1/enquiries` over kept-alive HTTPS (java.net.http, HTTP/1.1, as many connections "
                + "as the open loop needs), each request on its own virtual thread at its scheduled time, with its own "
                + "Idempotency-Key, sent again on 503, 409 or no answer. Latency runs from the scheduled time to the "
                + "receiver's arrival of the webhook, so a slow intake or a stall delays the measurement instead of "
                + "hiding it; a submission never accepted counts as lost. The client's own lag (scheduled → the start "
                + "of the send) shows that the load generator kept up.");
        report.note("Pipeline only: each enquiry committed straight into the database at its scheduled time, as the "
                + "intake commits it (the enquiry row and its outbox row in one transaction, 16 connections), latency "
                + "from that scheduled time to the webhook's arrival. A 20 s warm-up at 100/s runs before each half "
                + "and is not counted.");
        report.note("Cost per enquiry: CPU time (user + system, /proc) of each process during the run at 200/s through "
                + "the intake, until the last webhook arrived, divided by the enquiries delivered. The load generator "
                + "includes the webhook receiver, which runs in its process.");
        Map<String, Latencies> intakeSeries = new LinkedHashMap<>();
        Map<String, Latencies> pipelineSeries = new LinkedHashMap<>();
        Map<String, Object> intakeRuns = new LinkedHashMap<>();
        Map<String, Object> pipelineRuns = new LinkedHashMap<>();
        Map<String, Map<Double, Double>> memory = new LinkedHashMap<>();
        Map<String, Double> costPerEnquiry = new LinkedHashMap<>();
        CpuAtRest.report(report, CpuAtRest.measure());
        try (WebhookReceiver receiver = BenchTargets.receiver();
                IntakeLoad intake = new IntakeLoad();
                EnquiryLoad pipeline = new EnquiryLoad(db, 16)) {
            BenchOwner owner = BenchOwner.create("bench-e2e", receiver);
            owner.subscribe("/ok/e2e");
            Map<String, UUID> hooks = owner.hooks("/ok/");
            UUID property = owner.target().propertyId();
            List<UUID> warm = IntakeLoad.Accepted.ids(intake.run(property, 100, Duration.ofSeconds(20)));
            settle("intake warm-up", warm, receiver, hooks);
            for (int rate : RATES) {
                String label = label(rate);
                System.out.printf("e2e through the intake at %s (load average %s)%n", label, Machine.loadAverage());
                String loadAtStart = Machine.loadAverage();
                Map<String, Long> answersBefore = intake.answers();
                MemorySampler sampler = MemorySampler.start();
                CpuUsage cpuBefore = CpuUsage.snapshot();
                long startedAt = System.nanoTime();
                List<IntakeLoad.Accepted> accepted = intake.run(property, rate, phase);
                List<UUID> ids = IntakeLoad.Accepted.ids(accepted);
                Accounting accounting = settle("intake " + label, ids, receiver, hooks);
                double seconds = (System.nanoTime() - startedAt) / 1e9;
                Map<String, Double> cpu = CpuUsage.snapshot().since(cpuBefore);
                Map<String, Map<Double, Double>> rss = sampler.stop();
                memory.put(label, rss.get("webhook-dispatcher"));
                Latencies latencies = new Latencies();
                for (IntakeLoad.Accepted one : accepted) {
                    var delivery = receiver.firstDelivery("/ok/e2e", one.enquiryId());
                    if (delivery != null) {
                        latencies.recordNanos(delivery.arrivedAt() - one.scheduledAt());
                    }
                }
                long notAccepted = rate * phase.toSeconds() - accepted.size();
                IntakeLoad.ClientSide client = intake.clientSide();
                Latencies toAccepted = client.scheduledTo201();
                intakeSeries.put(label, latencies);
                Map<String, Object> run = new LinkedHashMap<>(latencies.summary());
                run.put("load_average_at_start", loadAtStart);
                run.put("scheduled_to_201", toAccepted.summary());
                run.put("client", client.asMap());
                run.put("answers", intake.answersSince(answersBefore));
                run.put("not_accepted", notAccepted);
                run.put("accounting", accounting.asMap());
                run.put("peak_rss_mib", sampler.peaks());
                run.put("seconds_until_all_delivered", Latencies.round(seconds));
                run.put("cpu_seconds", cpu);
                if (rate == COST_RATE && accounting.delivered() > 0) {
                    Map<String, Double> perEnquiry = CpuUsage.millisEach(cpu, accounting.delivered());
                    run.put("cpu_ms_per_enquiry", perEnquiry);
                    costPerEnquiry.putAll(perEnquiry);
                }
                intakeRuns.put(label, run);
                System.out.printf(
                        "e2e intake %s: %s; scheduled → 201 %s; client %s; answers %s; %s%n",
                        label,
                        latencies.summary(),
                        toAccepted.summary(),
                        client.asMap(),
                        run.get("answers"),
                        accounting);
                intakeFigures(report, rate, latencies, client);
                report.lost("lost through the intake at " + label, accounting.lostWith(notAccepted));
            }

            if (PIPELINE_ONLY_HALF) {
                warm = pipeline.run(List.of(owner.target()), 100, Duration.ofSeconds(20));
                settle("pipeline warm-up", warm, receiver, hooks);
            }
            for (int rate : PIPELINE_ONLY_HALF ? RATES : new int[0]) {
                String label = label(rate);
                String loadAtStart = Machine.loadAverage();
                CpuUsage cpuBefore = CpuUsage.snapshot();
                long startedAt = System.nanoTime();
                List<UUID> committed = pipeline.run(List.of(owner.target()), rate, phase);
                Accounting accounting = settle("pipeline " + label, committed, receiver, hooks);
                double seconds = (System.nanoTime() - startedAt) / 1e9;
                Map<String, Double> cpu = CpuUsage.snapshot().since(cpuBefore);
                Latencies latencies = new Latencies();
                Latencies toCommit = new Latencies();
                for (UUID id : committed) {
                    var delivery = receiver.firstDelivery("/ok/e2e", id);
                    if (delivery != null) {
                        latencies.recordNanos(delivery.arrivedAt() - pipeline.scheduledAt(id));
                    }
                    toCommit.recordNanos(pipeline.committedAt(id) - pipeline.scheduledAt(id));
                }
                pipelineSeries.put(label, latencies);
                Map<String, Object> run = new LinkedHashMap<>(latencies.summary());
                run.put("load_average_at_start", loadAtStart);
                run.put("scheduled_to_committed", toCommit.summary());
                run.put("accounting", accounting.asMap());
                run.put("commit_failures", pipeline.failures());
                run.put("seconds_until_all_delivered", Latencies.round(seconds));
                run.put("cpu_seconds", cpu);
                pipelineRuns.put(label, run);
                System.out.printf(
                        "e2e pipeline only %s: %s; scheduled → committed %s; %s%n",
                        label, latencies.summary(), toCommit.summary(), accounting);
                report.figure("pipeline only: p50 at " + label, Latencies.round(latencies.millisAt(50)), "ms", null);
                report.figure("pipeline only: p99 at " + label, Latencies.round(latencies.millisAt(99)), "ms", null);
                report.lost("pipeline only: lost at " + label, accounting.inFlight());
            }
            owner.unsubscribeAll();
        }
        if (!costPerEnquiry.isEmpty()) {
            double total = costPerEnquiry.get("total");
            report.figure(
                    "CPU per enquiry at 200/s through the intake, whole stack",
                    total,
                    "ms",
                    CPU_MS_PER_ENQUIRY_BEFORE > 0 ? Report.Goal.atMost(round2(CPU_MS_PER_ENQUIRY_BEFORE * 0.7)) : null);
            costPerEnquiry.forEach((process, ms) -> {
                if (!process.equals("total")) {
                    report.figure("CPU per enquiry at 200/s: " + process, ms, "ms", null);
                }
            });
            Map<String, Double> bars = new LinkedHashMap<>(costPerEnquiry);
            bars.remove("total");
            Charts.bars(
                    report.chart(output, "cpu-per-enquiry"),
                    "CPU ms per delivered enquiry at 200/s through the intake (total " + total + " ms)",
                    "ms",
                    bars);
        }
        report.raw("through_the_intake", intakeRuns);
        report.raw("pipeline_only", pipelineRuns);
        if (CPU_MS_PER_ENQUIRY_BEFORE > 0) {
            report.raw("cpu_ms_per_enquiry_before", CPU_MS_PER_ENQUIRY_BEFORE);
        }
        Charts.percentiles(
                report.chart(output, "latency"),
                "Through the intake: scheduled → webhook received, by rate",
                intakeSeries);
        Charts.percentiles(
                report.chart(output, "pipeline-latency"),
                "Pipeline only: scheduled commit → webhook received",
                pipelineSeries);
        Charts.timeline(
                report.chart(output, "dispatcher-memory"),
                "webhook-dispatcher resident memory during each run through the intake",
                "MiB",
                memory);
        return report;
    }

    private static void intakeFigures(Report report, int rate, Latencies latencies, IntakeLoad.ClientSide client) {
        String label = label(rate);
        Report.Goal p50Goal = rate == 200 ? Report.Goal.atMost(25) : null;
        Report.Goal p99Goal = switch (rate) {
            case 200 -> Report.Goal.atMost(100);
            case 500 -> Report.Goal.atMost(150);
            case 1000 -> Report.Goal.atMost(500);
            default -> null;
        };
        report.figure("intake → webhook: p50 at " + label, Latencies.round(latencies.millisAt(50)), "ms", p50Goal);
        report.figure("intake → webhook: p95 at " + label, Latencies.round(latencies.millisAt(95)), "ms", null);
        report.figure("intake → webhook: p99 at " + label, Latencies.round(latencies.millisAt(99)), "ms", p99Goal);
        report.figure("intake → webhook: max at " + label, Latencies.round(latencies.maxMillis()), "ms", null);
        report.figure(
                "intake answered 201: p99 at " + label,
                Latencies.round(client.scheduledTo201().millisAt(99)),
                "ms",
                null);
        report.figure(
                "load generator, scheduled → sent: p99 at " + label,
                Latencies.round(client.sendLag().millisAt(99)),
                "ms",
                null);
        report.figure("HTTPS connections open at once (most) at " + label, client.peakConnections(), "", null);
    }

    private static String label(int rate) {
        return rate == 1000 ? "burst 1,000/s" : rate + "/s";
    }

    private static double round2(double value) {
        return Math.round(value * 100) / 100.0;
    }

    private Accounting settle(String run, List<UUID> enquiries, WebhookReceiver receiver, Map<String, UUID> hooks) {
        Accounting accounting = Accounting.settle(db, receiver, hooks, enquiries, Duration.ofMinutes(3));
        if (accounting.inFlight() > 0) {
            System.out.printf(
                    "e2e %s: %d deliveries still missing after 3 minutes: %s%n",
                    run, accounting.inFlight(), accounting);
        }
        return accounting;
    }
}
