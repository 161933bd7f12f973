package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.stack.Api;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A hook's throttle against the rate it was set to: a burst of enquiries through the intake to an
 * owner with two hooks on one receiver, one throttled; the throttled hook's deliveries should start
 * at the set rate (the rate is measured at the receiver, from the first arrival to the last), the
 * other hook's at once, and nothing fails or is lost.
 */
final class ThrottleBench {

    /**
     * Throttle per second and the enquiries of the burst (about 25 s of deliveries each); 0 is the
     * control: the same burst as at 20/s with neither hook throttled, for the free hook's latency.
     */
    private static final Map<Integer, Integer> CASES = Map.of(0, 501, 5, 126, 20, 501, 100, 2_501);

    private static final int BURST_PER_SECOND = 200;

    private final Db db;

    ThrottleBench(Db db) {
        this.db = db;
    }

    Report run() throws Exception {
        Report report = new Report(
                "throttle",
                "A hook's throttle: deliveries start at the set rate, another hook is not slowed",
                "bench/run.sh throttle");
        report.parameter("burst_enquiries_per_second", BURST_PER_SECOND);
        report.note(
                "For each rate: a new owner with two hooks on one receiver in the load generator, one throttled "
                        + "(PUT …/throttle), sends a burst through the intake at up to " + BURST_PER_SECOND
                        + "/s of enough enquiries "
                        + "for about 25 s of the throttled hook's deliveries. The achieved rate is (n − 1) / (last arrival − first "
                        + "arrival) at the throttled hook's path; the free hook's p99 is from the enquiry's acceptance to its "
                        + "arrival, against a control run of the same burst with neither hook throttled. The runs follow one "
                        + "another on a warm stack (start it, run any benchmark once, then this). Goal: within 10 % of the set rate.");
        Map<String, Object> runs = new LinkedHashMap<>();
        try (WebhookReceiver receiver = BenchTargets.receiver()) {
            for (int rate : List.of(0, 5, 20, 100)) {
                int enquiries = CASES.get(rate);
                BenchOwner owner = BenchOwner.create("bench-throttle-" + rate, receiver);
                UUID throttled = owner.subscribe("/ok/throttled-" + rate);
                owner.subscribe("/ok/free-" + rate);
                if (rate > 0) {
                    Api.internal(
                                    "PUT",
                                    "/owners/" + owner.target().ownerId() + "/hooks/" + throttled + "/throttle",
                                    Map.of("per_second", rate))
                            .expect(200);
                }
                List<IntakeLoad.Accepted> accepted;
                try (IntakeLoad load = new IntakeLoad()) {
                    int seconds = (enquiries + BURST_PER_SECOND - 1) / BURST_PER_SECOND;
                    accepted = load.run(
                            owner.target().propertyId(),
                            (enquiries + seconds - 1) / seconds,
                            Duration.ofSeconds(seconds));
                }
                Accounting accounting = Accounting.settle(
                        db, receiver, owner.hooks("/ok/"), IntakeLoad.Accepted.ids(accepted), Duration.ofMinutes(10));
                List<Long> arrivals = receiver.requests("/ok/throttled-" + rate).stream()
                        .map(WebhookDelivery::arrivedAt)
                        .sorted()
                        .toList();
                double seconds = (arrivals.getLast() - arrivals.getFirst()) / 1e9;
                double achieved = (arrivals.size() - 1) / seconds;
                Latencies free = new Latencies();
                Map<UUID, Long> acceptedAt = new LinkedHashMap<>();
                accepted.forEach(a -> acceptedAt.put(a.enquiryId(), a.acceptedAt()));
                for (WebhookDelivery delivery : receiver.requests("/ok/free-" + rate)) {
                    Long at = acceptedAt.get(delivery.enquiryId());
                    if (at != null) {
                        free.recordNanos(delivery.arrivedAt() - at);
                    }
                }
                long failed = db.count(
                        "select count(*) from delivery_attempts where subscription_id = ? and outcome <> 'succeeded'",
                        throttled);
                Map<String, Object> run = new LinkedHashMap<>();
                run.put("enquiries", accepted.size());
                run.put("throttled_deliveries", arrivals.size());
                run.put("seconds_first_to_last", Latencies.round(seconds));
                run.put("achieved_per_second", Latencies.round(achieved));
                run.put("failed_attempts", failed);
                run.put("free_hook_latency", free.summary());
                run.put("lost", accounting.inFlight());
                runs.put(rate == 0 ? "no throttle (control)" : rate + "/s", run);
                System.out.printf("throttle %d/s: %s%n", rate, run);
                if (rate == 0) {
                    report.figure(
                            "the free hook's p99 with no throttle (control)",
                            Latencies.round(free.millisAt(99)),
                            "ms",
                            null);
                } else {
                    report.figure(
                            "achieved rate at " + rate + "/s",
                            Latencies.round(achieved),
                            "/s",
                            Report.Goal.atMost(rate * 1.1));
                    report.figure(
                            "achieved rate at " + rate + "/s, at least",
                            Latencies.round(achieved),
                            "/s",
                            Report.Goal.atLeast(rate * 0.9));
                    report.figure(
                            "failed attempts of the throttled hook at " + rate + "/s",
                            failed,
                            "",
                            Report.Goal.atMost(0));
                    report.figure(
                            "the other hook's p99 during the burst at " + rate + "/s",
                            Latencies.round(free.millisAt(99)),
                            "ms",
                            null);
                }
                report.lost(rate == 0 ? "lost, control" : "lost at " + rate + "/s", accounting.inFlight());
                owner.unsubscribeAll();
            }
        }
        report.raw("runs", runs);
        return report;
    }
}
