package com.holidaylistings.integration.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The noisy neighbour's receiver of the fairness benchmark: one HTTP server, any path, that answers
 * every request only after {@code delay}, with {@code 503} and {@code Retry-After}, except every
 * {@code successEvery}-th request it receives (counted across all its paths), answered {@code 200}
 * after the same delay. test-support's WebhookReceiver answers by path and in turn per path, not by a
 * count across paths, hence this one; like it, it runs in the load generator's JVM on virtual threads
 * and keeps only counts.
 */
final class SlowReceiver implements AutoCloseable {

    private static final Pattern ENQUIRY_ID = Pattern.compile("\"enquiry_id\"\\s*:\\s*\"([0-9a-fA-F-]{36})\"");
    private static final byte[] BODY = "{\"received\":true}".getBytes(StandardCharsets.UTF_8);

    private final HttpServer server;
    private final Duration delay;
    private final int successEvery;
    private final long retryAfterSeconds;
    private final AtomicLong requests = new AtomicLong();
    private final LongAdder answeredOk = new LongAdder();
    private final LongAdder answeredRefused = new LongAdder();
    private final LongAdder cutOff = new LongAdder();
    private final Set<UUID> enquiriesAccepted = ConcurrentHashMap.newKeySet();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peakInFlight = new AtomicInteger();

    SlowReceiver(Duration delay, int successEvery, long retryAfterSeconds) {
        this.delay = delay;
        this.successEvery = successEvery;
        this.retryAfterSeconds = retryAfterSeconds;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::receive);
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** Requests, answers by kind, distinct enquiries answered 200, the most requests open at once. */
    Map<String, Object> counts() {
        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("requests", requests.get());
        counts.put("answered_200", answeredOk.sum());
        counts.put("answered_503", answeredRefused.sum());
        counts.put("closed_by_the_sender_before_the_answer", cutOff.sum());
        counts.put("enquiries_answered_200_at_least_once", enquiriesAccepted.size());
        counts.put("most_requests_open_at_once", peakInFlight.get());
        return counts;
    }

    long requests() {
        return requests.get();
    }

    long answeredOk() {
        return answeredOk.sum();
    }

    int enquiriesAccepted() {
        return enquiriesAccepted.size();
    }

    private void receive(HttpExchange exchange) throws IOException {
        peakInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        try (exchange) {
            boolean ok = requests.incrementAndGet() % successEvery == 0;
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Thread.sleep(delay);
            if (ok) {
                exchange.sendResponseHeaders(200, BODY.length);
                exchange.getResponseBody().write(BODY);
                answeredOk.increment();
                Matcher enquiry = ENQUIRY_ID.matcher(body);
                if (enquiry.find()) {
                    enquiriesAccepted.add(UUID.fromString(enquiry.group(1)));
                }
            } else {
                exchange.getResponseHeaders().add("Retry-After", Long.toString(retryAfterSeconds));
                exchange.sendResponseHeaders(503, BODY.length);
                exchange.getResponseBody().write(BODY);
                answeredRefused.increment();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            cutOff.increment(); // the dispatcher gave up waiting (its timeout) and closed the connection
        } finally {
            inFlight.decrementAndGet();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
