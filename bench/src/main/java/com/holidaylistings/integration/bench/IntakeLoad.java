package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.stack.Api;
import com.holidaylistings.integration.stack.Stack;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * The listing site's intake as a benchmark drives it: {@code POST /internal/v1/enquiries} over
 * kept-alive HTTPS, open loop ({@link OpenLoop}: each submission on its own virtual thread; the
 * client opens as many connections as that takes, up to {@link #MAX_CONNECTIONS}).
 * Each submission carries its own {@code Idempotency-Key} and is sent again with it, as a listing
 * site would, when the answer is 503, 409 (still in progress) or no answer at all, until
 * {@link #GIVE_UP_AFTER}. Every answer is counted by status.
 */
final class IntakeLoad implements AutoCloseable {

    /**
     * A submission that was accepted: the enquiry's id, the property it was about, when it was due,
     * when its first try left (the client's own lag: the scheduled time to the start of {@code send}),
     * when it was answered 201.
     */
    record Accepted(UUID enquiryId, UUID propertyId, long scheduledAt, long sentAt, long acceptedAt, int tries) {

        /** The enquiries' ids, as {@link Accounting} takes them. */
        static List<UUID> ids(List<Accepted> accepted) {
            return accepted.stream().map(Accepted::enquiryId).toList();
        }
    }

    /**
     * The client's side of the last run: how late it sent, how long the accepted submissions took
     * from their scheduled time to the intake's 201, and the HTTPS connections it used.
     */
    record ClientSide(Latencies sendLag, Latencies scheduledTo201, int peakConnections, int connectionsOpened) {

        Map<String, Object> asMap() {
            Map<String, Object> map = new java.util.LinkedHashMap<>();
            map.put("scheduled_to_sent", sendLag.summary());
            map.put("peak_open_connections", peakConnections);
            map.put("connections_opened", connectionsOpened);
            return map;
        }
    }

    static final Duration GIVE_UP_AFTER = Duration.ofMinutes(3);
    private static final Duration RETRY_PAUSE = Duration.ofMillis(250);

    /**
     * The most requests in flight, hence HTTPS connections open, at once ({@code bench.intakeConnections},
     * 64 by default), as a listing site's connection pool has a size. Without a bound a stall made the
     * client open a connection, with its TLS handshake, for every request due meanwhile, which
     * stalled everything more. A request waiting for a connection is still timed from its
     * scheduled time.
     */
    static final int MAX_CONNECTIONS = Integer.getInteger("bench.intakeConnections", 64);

    private final Semaphore connections = new Semaphore(MAX_CONNECTIONS, true);
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .sslContext(Api.trustingStackCertificate())
            .connectTimeout(Duration.ofSeconds(2))
            .executor(threads)
            .build();
    private final URI intake = URI.create(Api.internalBaseUrl() + "/enquiries");
    private final String adminKey = Stack.setting("ADMIN_API_KEY");
    private final Map<String, LongAdder> answers = new ConcurrentHashMap<>();
    private volatile Latencies sendLag = new Latencies();
    private volatile Latencies scheduledTo201 = new Latencies();
    private volatile ClientSide lastRun = new ClientSide(new Latencies(), new Latencies(), 0, 0);
    private volatile long startedAt;

    /** Submits {@code perSecond} enquiries a second about {@code propertyId} for {@code duration}. */
    List<Accepted> run(UUID propertyId, int perSecond, Duration duration) {
        return run(List.of(OpenLoop.Stretch.lasting(perSecond, duration)), () -> propertyId);
    }

    /**
     * Submits the stretches one after the other (a steady rate with a burst in the middle, say), each
     * enquiry about the property that {@code nextProperty} answers for it: asked in the order of the
     * submissions, on the calling thread, so that a seeded draw gives the same sequence every run.
     */
    List<Accepted> run(List<OpenLoop.Stretch> stretches, Supplier<UUID> nextProperty) {
        long start = OpenLoop.firstDue();
        startedAt = start;
        sendLag = new Latencies();
        scheduledTo201 = new Latencies();
        HttpsConnections connections = HttpsConnections.watch(intake.getPort());
        List<Accepted> accepted = OpenLoop.run(
                threads,
                start,
                stretches,
                (index, due) -> {
                    UUID propertyId = nextProperty.get();
                    return () -> submit(propertyId, due);
                },
                () -> count("client error"));
        connections.stop();
        lastRun = new ClientSide(sendLag, scheduledTo201, connections.peakOpen(), connections.opened());
        return accepted;
    }

    /** When the first submission of the last {@link #run} was due ({@link System#nanoTime()}). */
    long startedAt() {
        return startedAt;
    }

    /** The client's lag and connections during the last {@link #run}. */
    ClientSide clientSide() {
        return lastRun;
    }

    /** Answers by status ("503", "201 replayed", "no answer", …), in order. */
    Map<String, Long> answers() {
        Map<String, Long> counts = new TreeMap<>();
        answers.forEach((status, count) -> counts.put(status, count.sum()));
        return counts;
    }

    /** The answers by status since {@code before} (an earlier {@link #answers()}): those that grew, by how much. */
    Map<String, Long> answersSince(Map<String, Long> before) {
        Map<String, Long> since = new TreeMap<>();
        answers().forEach((status, count) -> {
            long added = count - before.getOrDefault(status, 0L);
            if (added > 0) {
                since.put(status, added);
            }
        });
        return since;
    }

    long answered(String status) {
        LongAdder count = answers.get(status);
        return count == null ? 0 : count.sum();
    }

    private Accepted submit(UUID propertyId, long scheduledAt) throws InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(intake)
                .timeout(Duration.ofSeconds(10))
                .header("X-Admin-Key", adminKey)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .POST(HttpRequest.BodyPublishers.ofString(body(propertyId)))
                .build();
        long giveUpAt = scheduledAt + GIVE_UP_AFTER.toNanos();
        long sentAt = 0;
        for (int tries = 1; ; tries++) {
            Duration pause = RETRY_PAUSE;
            connections.acquire();
            try {
                if (tries == 1) {
                    sentAt = System.nanoTime();
                    sendLag.recordNanos(sentAt - scheduledAt);
                }
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                int status = response.statusCode();
                boolean replayed =
                        response.headers().firstValue("Idempotent-Replayed").isPresent();
                count(status + (replayed ? " replayed" : ""));
                if (status == 201) {
                    long acceptedAt = System.nanoTime();
                    scheduledTo201.recordNanos(acceptedAt - scheduledAt);
                    JsonNode enquiry = Api.JSON.readTree(response.body()).get("enquiry");
                    return new Accepted(
                            UUID.fromString(enquiry.get("id").asString()),
                            propertyId,
                            scheduledAt,
                            sentAt,
                            acceptedAt,
                            tries);
                }
                if (status != 503 && status != 409 && status != 429) {
                    return null; // a refusal no retry changes; counted above
                }
                pause = response.headers()
                        .firstValue("Retry-After")
                        .map(seconds -> Duration.ofSeconds(Math.min(Long.parseLong(seconds.trim()), 5)))
                        .orElse(RETRY_PAUSE);
            } catch (IOException e) {
                count("no answer");
            } finally {
                connections.release();
            }
            if (System.nanoTime() > giveUpAt) {
                count("given up");
                return null;
            }
            Thread.sleep(pause);
        }
    }

    private void count(String status) {
        answers.computeIfAbsent(status, s -> new LongAdder()).increment();
    }

    private static String body(UUID propertyId) {
        return """
                {"property_id":"%s","subject":"Benchmark","message":"Is the house free that week?",\
                "user_name":"Bench Guest","user_email":"bench.guest@example.com",\
                "party_details":{"group_size":2,"check_in":"2027-07-03","check_out":"2027-07-10"}}""".formatted(propertyId);
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
