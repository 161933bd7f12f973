package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.stack.Api;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * The owner's debugging pages for a hook with a million attempts: its attempts are written into the
 * stack's database with SQL (a week of them, in the week's day partitions, with their deliveries,
 * events and counts, as the dispatcher would have left them), then the internal API's attempt detail,
 * statistics and delivery log pages are each asked for by one client, one request after the other,
 * and timed from request to parsed answer. The generated rows are deleted at the end.
 */
final class HookPagesBench {

    private static final int DELIVERIES = Integer.getInteger("bench.hook.deliveries", 100_000);
    private static final int ATTEMPTS_PER_DELIVERY = 10;
    private static final int REQUESTS = Integer.getInteger("bench.hook.requests", 2_000);
    private static final int WARM_UP = 300;
    private static final double GOAL_P99_MS = 50;

    private final Db db;

    HookPagesBench(Db db) {
        this.db = db;
    }

    Report run() throws Exception {
        Report report = new Report(
                "hook-pages",
                "The owner's attempt detail, statistics and delivery log for a hook with a million attempts",
                "bench/run.sh hook-pages");
        report.parameter("deliveries", DELIVERIES);
        report.parameter("attempts", (long) DELIVERIES * ATTEMPTS_PER_DELIVERY);
        report.parameter("requests_per_page", REQUESTS);
        report.note("The hook's attempts are generated in SQL over the last 7 days (in their day partitions), 90 % "
                + "succeeded, 7 % failed with 503, 2 % without an answer, 1 % abandoned, each with request and response "
                + "headers and a 200-byte response body; the event payloads (one per delivery) and the attempt counts "
                + "per day are written as the dispatcher writes them. One client asks for each page "
                + REQUESTS + " times in a row, after " + WARM_UP + " requests not measured, over HTTPS with keep-alive "
                + "and the admin key; the time is from sending the request to the parsed answer. The portal's pages "
                + "run the same queries.");
        Map<String, Object> results = new LinkedHashMap<>();
        try (WebhookReceiver receiver = BenchTargets.receiver()) {
            BenchOwner owner = BenchOwner.create("bench-hook-pages", receiver);
            UUID hook = owner.subscribe("/ok/hook-pages");
            String path = "/owners/" + owner.target().ownerId() + "/hooks/" + hook;
            Api.internal("POST", path + "/pause", null).expect(200); // nothing new arrives while it is measured
            try {
                long started = System.nanoTime();
                generate(hook);
                double seconds = (System.nanoTime() - started) / 1e9;
                report.figure("generating the hook's attempts", Latencies.round(seconds), "s", null);
                report.figure(
                        "the hook's attempts",
                        db.count("select count(*) from delivery_attempts where subscription_id = ?", hook),
                        "",
                        Report.Goal.atLeast(1_000_000));
                System.out.printf("hook-pages: generated in %.1f s%n", seconds);
                List<Long> attemptIds = sampleAttemptIds(hook);
                List<String> cursors = cursors(path, 20);
                Map<String, Supplier<String>> pages = new LinkedHashMap<>();
                pages.put("attempt detail", () -> path + "/attempts/" + attemptIds.get(random(attemptIds.size())));
                pages.put("statistics, 7 days", () -> path + "/stats?days=7");
                pages.put("statistics, 30 days", () -> path + "/stats?days=30");
                pages.put("delivery log, first page", () -> path + "/deliveries?limit=50");
                pages.put(
                        "delivery log, one of the first 20 pages",
                        () -> path + "/deliveries?limit=50&before=" + cursors.get(random(cursors.size())));
                pages.put("delivery log, failed only", () -> path + "/deliveries?status=failed&limit=50");
                pages.put("delivery log, abandoned only", () -> path + "/deliveries?status=abandoned&limit=50");
                for (Map.Entry<String, Supplier<String>> page : pages.entrySet()) {
                    Latencies latencies = time(page.getValue());
                    results.put(page.getKey(), latencies.summary());
                    report.figure(
                            page.getKey() + ", p99",
                            Latencies.round(latencies.millisAt(99)),
                            "ms",
                            Report.Goal.atMost(GOAL_P99_MS));
                    report.figure(page.getKey() + ", p50", Latencies.round(latencies.millisAt(50)), "ms", null);
                    System.out.printf("hook-pages: %s %s%n", page.getKey(), latencies.summary());
                }
            } finally {
                delete(hook);
                owner.unsubscribeAll();
            }
        }
        report.raw("pages", results);
        return report;
    }

    private static int random(int bound) {
        return ThreadLocalRandom.current().nextInt(bound);
    }

    private static Latencies time(Supplier<String> paths) throws IOException {
        Latencies latencies = new Latencies();
        for (int i = 0; i < WARM_UP + REQUESTS; i++) {
            String path = paths.get();
            long started = System.nanoTime();
            Api.internal("GET", path, null).expect(200);
            if (i >= WARM_UP) {
                latencies.recordNanos(System.nanoTime() - started);
            }
        }
        return latencies;
    }

    /** The {@code next} cursors of the first {@code pages} pages of the delivery log. */
    private static List<String> cursors(String path, int pages) throws IOException {
        List<String> cursors = new ArrayList<>();
        String before = null;
        for (int i = 0; i < pages; i++) {
            JsonNode page = Api.internal(
                            "GET", path + "/deliveries?limit=50" + (before == null ? "" : "&before=" + before), null)
                    .expect(200);
            before = page.get("next").asString();
            cursors.add(before);
        }
        return cursors;
    }

    private List<Long> sampleAttemptIds(UUID hook) {
        String ids = db.scalar("""
                select string_agg(id::text, ',') from (
                    select id from delivery_attempts where subscription_id = ? order by random() limit 5000) sample
                """, hook);
        return java.util.Arrays.stream(ids.split(",")).map(Long::valueOf).toList();
    }

    /** A week of the hook's deliveries and attempts, spread evenly, with the day partitions they need. */
    private void generate(UUID hook) {
        for (String table : List.of("webhook_events", "deliveries", "delivery_attempts")) {
            db.scalar(
                    "select create_day_partitions(cast(? as regclass), (now() at time zone 'UTC')::date - 8, "
                            + "(now() at time zone 'UTC')::date)",
                    table);
        }
        db.execute("""
                insert into webhook_events (event_id, submitted_at, enquiry_id, payload)
                select md5('hook-pages-event' || i)::uuid, now() - (i * interval '7 days' / ?), md5('hook-pages-enquiry' || i)::uuid,
                       json_build_object('event', 'enquiry.created', 'enquiry_id', md5('hook-pages-enquiry' || i)::uuid,
                                         'subject', 'Summer week ' || i, 'message', repeat('Is it free in August? ', 20))
                  from generate_series(1, ?) i
                """, DELIVERIES, DELIVERIES);
        db.execute("""
                insert into deliveries (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id, status, attempts, stage)
                select webhook_id(e.event_id, s.id), e.submitted_at, e.event_id, s.id, s.owner_id, e.enquiry_id, 'succeeded', ?, 1
                  from webhook_events e, webhook_subscriptions s
                 where s.id = ? and e.event_id in (select md5('hook-pages-event' || i)::uuid from generate_series(1, ?) i)
                """, ATTEMPTS_PER_DELIVERY, hook, DELIVERIES);
        db.execute("""
                insert into delivery_attempts (webhook_id, subscription_id, enquiry_id, attempt, outcome, http_status, error,
                                               duration_ms, response_body, response_truncated, attempted_at, submitted_at,
                                               request_headers, response_headers)
                select d.webhook_id, d.subscription_id, d.enquiry_id, a,
                       case when r < 0.90 then 'succeeded' when r < 0.97 then 'failed' when r < 0.99 then 'failed' else 'abandoned' end,
                       case when r < 0.90 then 200 when r < 0.97 then 503 when r < 0.99 then null else 500 end,
                       case when r >= 0.97 and r < 0.99 then 'timed out after 10000 ms' end,
                       (r * 300)::int, case when r < 0.97 or r >= 0.99 then repeat('x', 200) end, false,
                       least(now(), d.submitted_at + a * interval '1 second'), d.submitted_at,
                       json_build_object('content-type', 'application/json; charset=UTF-8', 'webhook-id', d.webhook_id,
                                         'webhook-timestamp', extract(epoch from d.submitted_at)::bigint::text,
                                         'webhook-signature', 'v1,' || encode(sha256(d.webhook_id::bytea), 'base64'))::jsonb,
                       case when r < 0.97 or r >= 0.99 then '{"content-type":"application/json","server":"pms"}'::jsonb end
                  from deliveries d, generate_series(1, ?) a,
                       lateral (select (hashtext(d.webhook_id || '/' || a)::bigint + 2147483648) / 4294967296.0 as r) r
                 where d.subscription_id = ?
                """, ATTEMPTS_PER_DELIVERY, hook);
        db.execute("""
                insert into attempt_counts (subscription_id, day, outcome, http_status, attempts)
                select subscription_id, (attempted_at at time zone 'UTC')::date, outcome, coalesce(http_status, 0), count(*)
                  from delivery_attempts where subscription_id = ? group by 1, 2, 3, 4
                on conflict (subscription_id, day, outcome, http_status) do update set attempts = excluded.attempts
                """, hook);
        db.execute("analyze delivery_attempts");
        db.execute("analyze deliveries");
    }

    private void delete(UUID hook) {
        db.execute("delete from delivery_attempts where subscription_id = ?", hook);
        db.execute("delete from attempt_counts where subscription_id = ?", hook);
        db.execute(
                "delete from webhook_events where event_id in (select event_id from deliveries where subscription_id = ?)",
                hook);
        db.execute("delete from deliveries where subscription_id = ?", hook);
    }
}
