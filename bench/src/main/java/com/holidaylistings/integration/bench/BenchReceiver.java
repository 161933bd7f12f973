package com.holidaylistings.integration.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The webhook receivers of the benchmarks, in the load generator's process so that one clock times
 * both ends. A target path says how it answers: {@code /ok/…} at once with 204, {@code /fail/…}
 * at once with 500, {@code /hang/…} only after {@link #HANG}, past the dispatcher's timeout. It
 * keeps the first arrival of each (path, enquiry) at {@code /ok/…}, which is a delivery, and the
 * arrival and answer times of every attempt at {@code /fail/…}.
 */
final class BenchReceiver implements AutoCloseable {

    /** Longer than the dispatcher's default timeout (10 s). */
    static final Duration HANG = Duration.ofSeconds(15);

    private static final Pattern ENQUIRY_ID = Pattern.compile("\"enquiry_id\"\\s*:\\s*\"([0-9a-f-]{36})\"");

    /** A delivery target: a path and an enquiry. */
    record Key(String path, UUID enquiryId) {
    }

    /** One attempt at a failing target: when it arrived and when it was answered (nanoTime). */
    record Attempt(long arrivedAt, long answeredAt) {
    }

    private final HttpServer server;
    private final Map<Key, Long> firstArrival = new ConcurrentHashMap<>();
    private final Map<String, List<Attempt>> failedAttempts = new ConcurrentHashMap<>();
    private final AtomicLong okArrivals = new AtomicLong();
    private final AtomicLong hung = new AtomicLong();

    BenchReceiver() {
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

    /** When (nanoTime) the first delivery of {@code enquiryId} to {@code /ok/…} {@code path} arrived, or null. */
    Long firstArrival(String path, UUID enquiryId) {
        return firstArrival.get(new Key(path, enquiryId));
    }

    boolean received(String path, UUID enquiryId) {
        return firstArrival.containsKey(new Key(path, enquiryId));
    }

    /** Deliveries that arrived at {@code /ok/…} again after their first arrival. */
    long repeats() {
        return okArrivals.get() - firstArrival.size();
    }

    long hung() {
        return hung.get();
    }

    /** The attempts at failing targets, by webhook-id, in arrival order. */
    Map<String, List<Attempt>> failedAttempts() {
        return failedAttempts;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void receive(HttpExchange exchange) throws IOException {
        long arrivedAt = System.nanoTime();
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String path = exchange.getRequestURI().getPath();
            if (path.startsWith("/ok/")) {
                okArrivals.incrementAndGet();
                Matcher enquiry = ENQUIRY_ID.matcher(new String(body, StandardCharsets.UTF_8));
                if (enquiry.find()) {
                    firstArrival.putIfAbsent(new Key(path, UUID.fromString(enquiry.group(1))), arrivedAt);
                }
            }
            if (path.startsWith("/fail/")) {
                exchange.sendResponseHeaders(500, -1);
                failedAttempts.computeIfAbsent(exchange.getRequestHeaders().getFirst("webhook-id"),
                        id -> new CopyOnWriteArrayList<>()).add(new Attempt(arrivedAt, System.nanoTime()));
                return;
            }
            if (path.startsWith("/hang/")) {
                hung.incrementAndGet();
                Thread.sleep(HANG);
            }
            exchange.sendResponseHeaders(204, -1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
