package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.stack.Api;
import com.holidaylistings.integration.stack.Stack;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The intake's capacity: {@code POST /internal/v1/enquiries} at 16 and 64 connections, closed loop
 * (each connection sends its next enquiry when the previous one is answered), against pgbench
 * running the intake's own transaction (the enquiry row and its outbox row, {@link OutboxInsertScript}
 * from api-service's statement) with as many clients. The owner has no subscription, so the events
 * flow through enquiry-ingest and Kafka to the dispatcher's fan-out, which finds no one to deliver to,
 * in both halves alike.
 */
final class IntakeCapacityBench {

    private static final int[] CONNECTIONS = {16, 64};

    private final Path output;
    private final Duration phase;

    IntakeCapacityBench(Path output, Duration phase) {
        this.output = output;
        this.phase = phase;
    }

    Report run() throws Exception {
        Report report = new Report("intake", "Intake capacity against its database", "bench/run.sh intake");
        report.parameter("seconds_per_run", phase.toSeconds());
        report.note("Closed loop: each of 16 or 64 connections (java.net.http, HTTP/1.1, HTTPS keep-alive) sends its "
                + "next enquiry, with its own Idempotency-Key, when the previous one is answered; the rate is the "
                + "enquiries answered 201 a second. pgbench (`-M prepared`) runs the intake's transaction with as "
                + "many clients: the enquiry and its outbox row, api-service's statement (bench's copy, IntakeStatement) "
                + "written out by OutboxInsertScript. api-service holds at most its pool (`DB_POOL_SIZE`) of database "
                + "connections whatever the number of HTTPS connections. A 15 s warm-up at 16 connections runs first.");
        BenchOwner owner = BenchOwner.create("bench-intake", null);
        UUID ownerId = owner.target().ownerId();
        UUID property = owner.target().propertyId();
        Map<String, Object> raw = new LinkedHashMap<>();
        Map<String, Double> bars = new LinkedHashMap<>();
        load(property, 16, Duration.ofSeconds(15));
        for (int connections : CONNECTIONS) {
            String loadAtStart = Machine.loadAverage();
            CpuUsage before = CpuUsage.snapshot();
            ClosedLoop.Result intake = load(property, connections, phase);
            Map<String, Double> cpu = CpuUsage.snapshot().since(before);
            double pgbench = ApiBench.pgbench(
                    OutboxInsertScript.script(),
                    connections,
                    phase,
                    // -M prepared binds variables as parameters: no quotes (bench/ingest-relay.sh's simple mode needs
                    // them)
                    List.of("-D", "owner=" + ownerId, "-D", "property=" + property));
            double ratio = intake.perSecond() / pgbench;
            String name = "at " + connections + " connections";
            System.out.printf(
                    "intake %s: %.0f enquiries/s (%s, %d errors), pgbench %.0f tps, ratio %.2f; cpu %s%n",
                    name, intake.perSecond(), intake.latencies().summary(), intake.errors(), pgbench, ratio, cpu);
            report.figure("intake " + name, Math.round(intake.perSecond()), "enquiries/s", null);
            report.figure(
                    "intake p99 " + name, Latencies.round(intake.latencies().millisAt(99)), "ms", null);
            report.figure(
                    "pgbench, the intake's transaction, " + connections + " clients",
                    Math.round(pgbench),
                    "transactions/s",
                    null);
            report.figure("intake ÷ pgbench " + name, Math.round(ratio * 100) / 100.0, "×", Report.Goal.atLeast(0.5));
            Map<String, Object> run = new LinkedHashMap<>(intake.latencies().summary());
            run.put("load_average_at_start", loadAtStart);
            run.put("enquiries_per_second", Math.round(intake.perSecond()));
            run.put("errors", intake.errors());
            run.put("pgbench_tps", Math.round(pgbench));
            run.put("intake_run_cpu_seconds", cpu);
            raw.put(name, run);
            bars.put("intake ×" + connections, intake.perSecond());
            bars.put("pgbench ×" + connections, pgbench);
        }
        report.raw("runs", raw);
        Charts.bars(
                report.chart(output, "throughput"),
                "Intake enquiries/s and pgbench transactions/s of its transaction",
                "per second",
                bars);
        return report;
    }

    private static ClosedLoop.Result load(UUID property, int connections, Duration duration) throws Exception {
        URI intake = URI.create(Api.internalBaseUrl() + "/enquiries");
        String adminKey = Stack.setting("ADMIN_API_KEY");
        String body = """
                {"property_id":"%s","subject":"Benchmark","message":"Is the house free that week?",\
                "user_name":"Bench Guest","user_email":"bench.guest@example.com",\
                "party_details":{"group_size":2,"check_in":"2027-07-03","check_out":"2027-07-10"}}""".formatted(property);
        return ClosedLoop.run(
                connections,
                duration,
                () -> HttpRequest.newBuilder(intake)
                        .timeout(Duration.ofSeconds(30))
                        .header("X-Admin-Key", adminKey)
                        .header("Content-Type", "application/json")
                        .header("Idempotency-Key", UUID.randomUUID().toString())
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                201);
    }
}
