package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.bench.BenchTargets.Kind;
import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * One phase of the traffic mix: enquiries through the intake ({@link IntakeLoad}, open loop) at the
 * rates of its stretches, a steady rate or one with a burst in the middle, each about the property
 * of an owner drawn by {@link ZipfDraw}; then the wait until every healthy hook ({@link Kind#OK})
 * received its enquiries and every other hook's delivery is held by the dispatcher
 * ({@link HeldDeliveries}). What it measured: the healthy hooks' latency from the enquiry's
 * scheduled time to its arrival at the receiver (one clock), for the phase, by second and in the
 * burst; the CPU each process used per enquiry; the services' memory; the client's side.
 */
final class MixPhase {

    /** A healthy hook's second is on time when its p99 is at most this. */
    static final double ON_TIME_P99_MS = 100;

    final String name;
    final String label;
    final List<OpenLoop.Stretch> stretches;
    /** The burst's first second and the second after its last, since the phase's start; both 0 without a burst. */
    final long burstFrom;

    final long burstTo;

    String loadAtStart;
    long scheduled;
    long accepted;
    final Latencies healthy = new Latencies();
    /** The healthy hooks of owners that also have a hook that fails, answers slowly or hangs. */
    final Latencies besideUnhealthy = new Latencies();

    final Latencies inBurst = new Latencies();
    LatencyTimeline timeline;
    double secondsAfterBurstUntilOnTime;
    Accounting healthyAccounting;
    final Map<Kind, HeldDeliveries> unhealthy = new EnumMap<>(Kind.class);
    double secondsFromLastAnswerUntilReceived;
    Map<String, Double> cpuSeconds = Map.of();
    Map<String, Double> cpuMillisPerEnquiry = Map.of();
    Map<String, Map<Double, Double>> memory = Map.of();
    Map<String, Double> peakMemory = Map.of();
    IntakeLoad.ClientSide client;
    Map<String, Long> answers = Map.of();

    private MixPhase(String name, String label, List<OpenLoop.Stretch> stretches, long burstFrom, long burstTo) {
        this.name = name;
        this.label = label;
        this.stretches = stretches;
        this.burstFrom = burstFrom;
        this.burstTo = burstTo;
    }

    /** {@code perSecond} enquiries a second for {@code length}. */
    static MixPhase steady(int perSecond, Duration length) {
        return new MixPhase("steady", perSecond + "/s", List.of(OpenLoop.Stretch.lasting(perSecond, length)), 0, 0);
    }

    /**
     * {@code perSecond} enquiries a second for {@code length}, but {@code burstPerSecond} for
     * {@code burst} in the middle of it.
     */
    static MixPhase withBurst(int perSecond, int burstPerSecond, Duration length, Duration burst) {
        long seconds = length.toSeconds();
        long burstSeconds = Math.min(burst.toSeconds(), seconds);
        long before = (seconds - burstSeconds) / 2;
        long after = seconds - burstSeconds - before;
        return new MixPhase(
                "burst",
                perSecond + "/s with " + Format.number(burstPerSecond) + "/s for " + burstSeconds + " s in the middle",
                List.of(
                        OpenLoop.Stretch.lasting(perSecond, Duration.ofSeconds(before)),
                        OpenLoop.Stretch.lasting(burstPerSecond, Duration.ofSeconds(burstSeconds)),
                        OpenLoop.Stretch.lasting(perSecond, Duration.ofSeconds(after))),
                before,
                before + burstSeconds);
    }

    boolean hasBurst() {
        return burstTo > burstFrom;
    }

    /** Enquiries the intake never accepted, healthy hooks' deliveries never received, others' neither held nor received. */
    long lost() {
        return healthyAccounting.lostWith(notAccepted()) + unhealthyLost();
    }

    long notAccepted() {
        return scheduled - accepted;
    }

    long unhealthyLost() {
        return unhealthy.values().stream().mapToLong(HeldDeliveries::lost).sum();
    }

    /** Runs the phase: the load, the wait for its deliveries (at most {@code settle}), the measures. */
    void run(Db db, IntakeLoad intake, WebhookReceiver receiver, MixOwners owners, ZipfDraw draw, Duration settle) {
        loadAtStart = Machine.loadAverage();
        scheduled = stretches.stream().mapToLong(OpenLoop.Stretch::submissions).sum();
        Map<String, Long> answersBefore = intake.answers();
        MemorySampler sampler = MemorySampler.start();
        CpuUsage cpuBefore = CpuUsage.snapshot();
        List<IntakeLoad.Accepted> submitted =
                intake.run(stretches, () -> owners.ofRank(draw.next()).property());
        long lastAnswered = System.nanoTime();
        client = intake.clientSide();
        answers = intake.answersSince(answersBefore);
        accepted = submitted.size();
        Map<String, Set<UUID>> expected = expected(owners, submitted);
        healthyAccounting =
                Accounting.settle(db, receiver, owners.hooks(hook -> hook.kind() == Kind.OK), expected, settle);
        secondsFromLastAnswerUntilReceived = Latencies.round((System.nanoTime() - lastAnswered) / 1e9);
        cpuSeconds = CpuUsage.snapshot().since(cpuBefore);
        for (Kind kind : Kind.values()) {
            if (kind != Kind.OK) {
                unhealthy.put(
                        kind,
                        HeldDeliveries.settle(
                                db, receiver, owners.hooks(hook -> hook.kind() == kind), expected, settle));
            }
        }
        memory = sampler.stop();
        peakMemory = sampler.peaks();
        if (accepted > 0) {
            cpuMillisPerEnquiry = CpuUsage.millisEach(cpuSeconds, accepted);
        }
        measure(receiver, owners, submitted, intake.startedAt());
    }

    /** For each hook's target path, the accepted enquiries it should receive: those about its owner's property. */
    static Map<String, Set<UUID>> expected(MixOwners owners, List<IntakeLoad.Accepted> accepted) {
        Map<String, Set<UUID>> expected = new LinkedHashMap<>();
        for (IntakeLoad.Accepted one : accepted) {
            for (MixOwners.Hook hook : owners.ofProperty(one.propertyId()).hooks()) {
                expected.computeIfAbsent(hook.path(), path -> new HashSet<>()).add(one.enquiryId());
            }
        }
        return expected;
    }

    private void measure(WebhookReceiver receiver, MixOwners owners, List<IntakeLoad.Accepted> submitted, long start) {
        timeline = new LatencyTimeline(start);
        long burstStart = start + Duration.ofSeconds(burstFrom).toNanos();
        long burstEnd = start + Duration.ofSeconds(burstTo).toNanos();
        for (IntakeLoad.Accepted one : submitted) {
            List<MixOwners.Hook> hooks = owners.ofProperty(one.propertyId()).hooks();
            boolean beside = hooks.stream().anyMatch(hook -> hook.kind() != Kind.OK);
            for (MixOwners.Hook hook : hooks) {
                if (hook.kind() != Kind.OK) {
                    continue;
                }
                WebhookDelivery arrived = receiver.firstDelivery(hook.path(), one.enquiryId());
                if (arrived == null) {
                    continue; // lost: counted by the accounting
                }
                long latency = arrived.arrivedAt() - one.scheduledAt();
                healthy.recordNanos(latency);
                timeline.record(one.scheduledAt(), latency);
                if (beside) {
                    besideUnhealthy.recordNanos(latency);
                }
                if (one.scheduledAt() >= burstStart && one.scheduledAt() < burstEnd) {
                    inBurst.recordNanos(latency);
                }
            }
        }
        secondsAfterBurstUntilOnTime = hasBurst() ? timeline.secondsUntilWithin(99, ON_TIME_P99_MS, burstTo) : 0;
    }

    /** The phase's results for the JSON. */
    Map<String, Object> raw() {
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("rates", label);
        List<Map<String, Object>> rates = new ArrayList<>();
        for (OpenLoop.Stretch stretch : stretches) {
            Map<String, Object> rate = new LinkedHashMap<>();
            rate.put("per_second", stretch.perSecond());
            rate.put("seconds", stretch.duration().toSeconds());
            rates.add(rate);
        }
        raw.put("stretches", rates);
        if (hasBurst()) {
            raw.put("burst_seconds_since_the_start", List.of(burstFrom, burstTo));
        }
        raw.put("load_average_at_start", loadAtStart);
        raw.put("scheduled", scheduled);
        raw.put("accepted", accepted);
        raw.put("healthy_hooks", healthy.summary());
        raw.put("healthy_hooks_of_owners_with_an_unhealthy_hook", besideUnhealthy.summary());
        if (hasBurst()) {
            raw.put("healthy_hooks_in_the_burst", inBurst.summary());
            raw.put(
                    "seconds_after_the_burst_until_every_second_p99_within_" + (int) ON_TIME_P99_MS + "_ms",
                    secondsAfterBurstUntilOnTime);
        }
        raw.put("healthy_p50_ms_by_second", timeline.millisAt(50));
        raw.put("healthy_p99_ms_by_second", timeline.millisAt(99));
        raw.put("scheduled_to_201", client.scheduledTo201().summary());
        raw.put("client", client.asMap());
        raw.put("answers", answers);
        raw.put("healthy_accounting", healthyAccounting.asMap());
        Map<String, Object> others = new LinkedHashMap<>();
        unhealthy.forEach((kind, held) -> others.put(kind.prefix(), held.asMap()));
        raw.put("unhealthy_accounting", others);
        raw.put("seconds_from_the_last_answer_until_all_healthy_received", secondsFromLastAnswerUntilReceived);
        raw.put("cpu_seconds", cpuSeconds);
        raw.put("cpu_ms_per_enquiry", cpuMillisPerEnquiry);
        raw.put("peak_rss_mib", peakMemory);
        return raw;
    }
}
