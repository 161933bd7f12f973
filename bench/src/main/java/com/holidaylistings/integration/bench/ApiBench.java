package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.stack.Api;
import com.holidaylistings.integration.stack.Owner;
import com.holidaylistings.integration.stack.Stack;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Integration API against its database: GET /auth and GET /enquiries?limit=50 at 16 and 64
 * connections over 1,000 owners with 100 enquiries each, and beside each, pgbench running exactly
 * the SQL of that endpoint at the same concurrency.
 */
final class ApiBench {

    private static final int OWNERS = 1000;
    private static final int ENQUIRIES_PER_OWNER = 100;
    private static final int[] CONNECTIONS = {16, 64};
    private static final Map<String, String> UNLIMITED =
            Map.of("RATE_LIMIT_PER_MINUTE", "1000000000", "RATE_LIMIT_PER_HOUR", "1000000000");

    /**
     * The statement api-service runs for a request: token lookup (AccessTokens) and rate limit
     * (take_rate_limit) in one round trip, as AccessTokens.authenticateAndTake sends it.
     */
    private static final String AUTH_SQL = """
            \\set i random(1, %d)
            with found as (
                select t.id, t.owner_id, t.scopes, o.email
                  from access_tokens t join owners o on o.id = t.owner_id
                 where t.token_hash = (select token_hash from bench_api_tokens where i = :i) and t.revoked_at is null),
            touched as (
                update access_tokens set last_used_at = now()
                 where id = (select id from found)
                   and (last_used_at is null or last_used_at < now() - interval '1 minute'))
            select f.id as token_id, f.owner_id, f.scopes, f.email,
                   r.allowed, r.window_limit, r.remaining, r.reset_at, r.retry_after
              from found f cross join lateral take_rate_limit(f.id, 1000000000, 1000000000) r \\gset
            """.formatted(OWNERS);

    /** The list statement of Enquiries.search with only the limit. */
    private static final String LIST_SQL = """
            select e.id, e.property_id, p.title, p.url_slug, e.subject, e.message, e.status, e.user_name,
                   e.user_email, e.group_size, e.check_in, e.check_out, e.occasion, e.sent_at
              from enquiries e join properties p on p.id = e.property_id
             where e.owner_id = :owner_id order by e.sent_at desc, e.id desc limit 50;
            """;

    private final Db db;
    private final Path output;
    private final Duration phase;

    ApiBench(Db db, Path output, Duration phase) {
        this.db = db;
        this.output = output;
        this.phase = phase;
    }

    Report run() throws Exception {
        Report report = new Report("api", "Integration API against its database", "bench/run.sh api");
        report.parameter("owners", OWNERS);
        report.parameter("enquiries_per_owner", ENQUIRIES_PER_OWNER);
        report.parameter("seconds_per_run", phase.toSeconds());
        report.note("Closed loop: each connection sends its next request when the previous one is answered, with a "
                + "random owner's token, over HTTPS with keep-alive (java.net.http, HTTP/1.1) from the load "
                + "generator's process. api-service runs with its rate limits raised out of reach "
                + "(`RATE_LIMIT_PER_MINUTE` and `RATE_LIMIT_PER_HOUR` = 10⁹), so every request still takes its "
                + "rate-limit decision. pgbench (`-M prepared`, as the JDBC driver prepares repeated statements) runs "
                + "the same statements: the token lookup with `take_rate_limit` (one statement, as api-service sends "
                + "it), and for the list the list query, with "
                + "as many clients as the API had connections; api-service itself holds at most its pool "
                + "(`DB_POOL_SIZE`, 20) of database connections.");
        seed();
        Services.restartWith("api-service", UNLIMITED);
        Map<String, Object> raw = new LinkedHashMap<>();
        Map<String, Double> bars = new LinkedHashMap<>();
        try {
            List<String> tokens = tokens();
            load("/auth", 16, tokens, Duration.ofSeconds(15)); // warm-up, not counted
            load("/enquiries?limit=50", 16, tokens, Duration.ofSeconds(15));
            for (String endpoint : List.of("/auth", "/enquiries?limit=50")) {
                for (int connections : CONNECTIONS) {
                    CpuUsage before = CpuUsage.snapshot();
                    ClosedLoop.Result api = load(endpoint, connections, tokens, phase);
                    Map<String, Double> cpu = CpuUsage.snapshot().since(before);
                    double pgbench = pgbench(endpoint.equals("/auth") ? AUTH_SQL : AUTH_SQL + LIST_SQL, connections);
                    String name = "GET " + endpoint + " at " + connections;
                    double ratio = api.perSecond() / pgbench;
                    System.out.printf(
                            "api %s: %.0f requests/s (%s, %d errors), pgbench %.0f tps, ratio %.2f; cpu %s%n",
                            name, api.perSecond(), api.latencies().summary(), api.errors(), pgbench, ratio, cpu);
                    report.figure(name + ": API", Math.round(api.perSecond()), "requests/s", null);
                    report.figure(
                            name + ": p50", Latencies.round(api.latencies().millisAt(50)), "ms", null);
                    report.figure(
                            name + ": p99", Latencies.round(api.latencies().millisAt(99)), "ms", null);
                    report.figure(name + ": pgbench, same SQL", Math.round(pgbench), "transactions/s", null);
                    report.figure(
                            name + ": API ÷ pgbench", Math.round(ratio * 100) / 100.0, "×", Report.Goal.atLeast(0.6));
                    Map<String, Object> run =
                            new LinkedHashMap<>(api.latencies().summary());
                    run.put("requests_per_second", Math.round(api.perSecond()));
                    run.put("errors", api.errors());
                    run.put("pgbench_tps", Math.round(pgbench));
                    run.put("api_run_cpu_seconds", cpu);
                    raw.put(name, run);
                    bars.put(endpoint.replace("?limit=50", "") + " ×" + connections + " API", api.perSecond());
                    bars.put(endpoint.replace("?limit=50", "") + " ×" + connections + " pgbench", pgbench);
                }
            }
        } finally {
            Services.restartWith("api-service", Map.of());
        }
        report.raw("runs", raw);
        Charts.bars(
                report.chart(output, "throughput"), "API requests/s and pgbench transactions/s", "per second", bars);
        return report;
    }

    private static ClosedLoop.Result load(String endpoint, int connections, List<String> tokens, Duration duration)
            throws Exception {
        URI uri = URI.create(Api.apiBaseUrl() + endpoint);
        return ClosedLoop.run(
                connections,
                duration,
                () -> HttpRequest.newBuilder(uri)
                        .header(
                                "Authorization",
                                "Bearer "
                                        + tokens.get(ThreadLocalRandom.current().nextInt(tokens.size())))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                200);
    }

    /** pgbench's transactions per second for {@code script} at {@code clients}. */
    private double pgbench(String script, int clients) throws Exception {
        return pgbench(script, clients, phase, List.of());
    }

    /**
     * pgbench's transactions per second for {@code script} at {@code clients} for {@code duration}
     * ({@code -M prepared}), with {@code extra} arguments such as {@code -D name=value}.
     */
    static double pgbench(String script, int clients, Duration duration, List<String> extra) throws Exception {
        Path file = Files.createTempFile("bench-pgbench-", ".sql");
        Files.writeString(file, script);
        Matcher url =
                Pattern.compile("jdbc:postgresql://([^:/]+):(\\d+)/([^?]+)").matcher(Stack.setting("JDBC_URL"));
        if (!url.find()) {
            throw new IllegalStateException("cannot read host, port and database of " + Stack.setting("JDBC_URL"));
        }
        List<String> command = new ArrayList<>(List.of(
                pgbenchBinary(),
                "-n",
                "-M",
                "prepared",
                "-c",
                Integer.toString(clients),
                "-j",
                "2",
                "-T",
                Long.toString(duration.toSeconds()),
                "-f",
                file.toString(),
                "-h",
                url.group(1),
                "-p",
                url.group(2),
                "-U",
                Stack.setting("JDBC_USERNAME")));
        command.addAll(extra);
        command.add(url.group(3));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PGPASSWORD", Stack.setting("JDBC_PASSWORD"));
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes());
        process.waitFor();
        Files.deleteIfExists(file);
        Matcher tps = Pattern.compile("tps = ([0-9.]+)").matcher(out);
        if (process.exitValue() != 0 || !tps.find()) {
            throw new IllegalStateException("pgbench failed:\n" + out);
        }
        return Double.parseDouble(tps.group(1));
    }

    private static String pgbenchBinary() throws IOException {
        Path recorded = Stack.DIR.resolve("postgres/bindir");
        if (Files.isReadable(recorded)) {
            Path binary = Path.of(Files.readString(recorded).trim(), "pgbench");
            if (Files.isExecutable(binary)) {
                return binary.toString();
            }
        }
        return "pgbench";
    }

    /** 1,000 owners, each with a property, a token and 100 enquiries; made once and kept. */
    private void seed() throws Exception {
        db.execute("""
                create table if not exists bench_api_tokens (
                    i int primary key, owner_id uuid not null, property_id uuid not null,
                    token text not null, token_hash bytea not null)""");
        long existing = db.count("select count(*) from bench_api_tokens");
        if (existing >= OWNERS) {
            return;
        }
        System.out.printf("api: seeding %d owners with %d enquiries each (once)%n", OWNERS, ENQUIRIES_PER_OWNER);
        db.execute("truncate bench_api_tokens");
        try (ExecutorService threads = Executors.newFixedThreadPool(8);
                Connection connection = db.connect();
                PreparedStatement insert = connection.prepareStatement("""
                     insert into bench_api_tokens (i, owner_id, property_id, token, token_hash)
                     values (?, ?, ?, ?, sha256(convert_to(?, 'UTF8')))""")) {
            List<Future<Owner>> owners = new ArrayList<>();
            for (int i = 0; i < OWNERS; i++) {
                owners.add(threads.submit(() -> Owner.create("bench-api")));
            }
            for (int i = 0; i < OWNERS; i++) {
                Owner owner = owners.get(i).get();
                insert.setInt(1, i + 1);
                insert.setObject(2, owner.id());
                insert.setObject(3, owner.propertyId());
                insert.setString(4, owner.token());
                insert.setString(5, owner.token());
                insert.addBatch();
            }
            insert.executeBatch();
        }
        db.execute("""
                insert into enquiries (id, property_id, owner_id, subject, message, status, user_name, user_email,
                                       group_size, check_in, check_out, sent_at, updated_at)
                select gen_random_uuid(), b.property_id, b.owner_id, 'Benchmark ' || g, 'Is the house free that week?',
                       (array['sent', 'responded', 'archived'])[1 + g %% 3], 'Bench Guest', 'bench.guest@example.com',
                       2, date '2027-07-03', date '2027-07-10', now() - g * interval '1 hour', now()
                  from bench_api_tokens b, generate_series(1, %d) g""".formatted(ENQUIRIES_PER_OWNER));
        db.execute("analyze enquiries");
    }

    private List<String> tokens() throws Exception {
        List<String> tokens = new ArrayList<>();
        try (Connection connection = db.connect();
                var rows = connection.createStatement().executeQuery("select token from bench_api_tokens order by i")) {
            while (rows.next()) {
                tokens.add(rows.getString(1));
            }
        }
        return tokens;
    }
}
