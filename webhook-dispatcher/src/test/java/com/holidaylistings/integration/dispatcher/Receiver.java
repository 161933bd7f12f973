package com.holidaylistings.integration.dispatcher;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A real HTTP webhook receiver in the test JVM. Each path answers as told (a status, after a
 * delay, with headers) and every request it got is kept.
 */
public final class Receiver implements AutoCloseable {

    /** How a path answers. */
    public record Answer(int status, Duration delay, Map<String, String> headers) {

        public static Answer ok() {
            return status(200);
        }

        public static Answer status(int status) {
            return new Answer(status, Duration.ZERO, Map.of());
        }

        public static Answer hang(Duration delay) {
            return new Answer(200, delay, Map.of());
        }

        public Answer with(String header, String value) {
            return new Answer(status, delay, Map.of(header, value));
        }
    }

    /** One request as received. */
    public record Request(String path, Map<String, List<String>> headers, String body, Instant receivedAt) {

        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(entry -> entry.getKey().equalsIgnoreCase(name))
                    .map(entry -> entry.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }
    }

    private final HttpServer server;
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();

    public Receiver() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    /** A URL on this receiver that answers {@code answer}. */
    public String url(String path, Answer answer) {
        answers.put(path, answer);
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    public void answer(String path, Answer answer) {
        answers.put(path, answer);
    }

    public List<Request> requests(String path) {
        return requests.stream().filter(request -> request.path().equals(path)).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String path = exchange.getRequestURI().getPath();
        requests.add(new Request(path, Map.copyOf(exchange.getRequestHeaders()), body, Instant.now()));
        Answer answer = answers.getOrDefault(path, Answer.status(404));
        try {
            if (!answer.delay().isZero()) {
                Thread.sleep(answer.delay().toMillis());
            }
            answer.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            byte[] response = "{\"received\":true}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(answer.status(), response.length);
            exchange.getResponseBody().write(response);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the dispatcher gave up waiting and closed the connection
        } finally {
            exchange.close();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
