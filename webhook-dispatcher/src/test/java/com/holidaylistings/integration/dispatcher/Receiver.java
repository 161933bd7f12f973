package com.holidaylistings.integration.dispatcher;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A real HTTP webhook receiver in the test JVM. Each path answers as told (a status, after a
 * delay, with headers), or gives several answers in turn, and every request it got is kept.
 */
public final class Receiver implements AutoCloseable {

    private static final String DEFAULT_BODY = "{\"received\":true}";

    /** How a path answers. */
    public record Answer(int status, Duration delay, Map<String, String> headers, String body) {

        public Answer(int status, Duration delay, Map<String, String> headers) {
            this(status, delay, headers, DEFAULT_BODY);
        }

        public static Answer ok() {
            return status(200);
        }

        public static Answer status(int status) {
            return new Answer(status, Duration.ZERO, Map.of());
        }

        public static Answer hang(Duration delay) {
            return new Answer(200, delay, Map.of());
        }

        /** The same answer, given after {@code delay}. */
        public Answer after(Duration delay) {
            return new Answer(status, delay, headers, body);
        }

        public Answer with(String header, String value) {
            Map<String, String> more = new HashMap<>(headers);
            more.put(header, value);
            return new Answer(status, delay, Map.copyOf(more), body);
        }

        public Answer withBody(String body) {
            return new Answer(status, delay, headers, body);
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
    private final Map<String, List<Answer>> answers = new ConcurrentHashMap<>();
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
        answer(path, answer);
        return url(path);
    }

    /** A URL on this receiver that gives these answers to its first requests in turn, then the last one to all others. */
    public String url(String path, Answer first, Answer... then) {
        answers.put(path, List.copyOf(concat(first, then)));
        return url(path);
    }

    /** A URL on this receiver, answered as its path is. */
    public String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public void answer(String path, Answer answer) {
        answers.put(path, List.of(answer));
    }

    public List<Request> requests(String path) {
        return requests.stream().filter(request -> request.path().equals(path)).toList();
    }

    /** The bodies that reached {@code path}, in order of arrival. */
    public List<String> bodies(String path) {
        return requests(path).stream().map(Request::body).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String path = exchange.getRequestURI().getPath();
        Answer answer;
        synchronized (requests) { // the n-th request gets the n-th answer
            int earlier = requests(path).size();
            requests.add(new Request(path, Map.copyOf(exchange.getRequestHeaders()), body, Instant.now()));
            List<Answer> inTurn = answers.getOrDefault(path, List.of(Answer.status(404)));
            answer = inTurn.get(Math.min(earlier, inTurn.size() - 1));
        }
        try {
            if (!answer.delay().isZero()) {
                Thread.sleep(answer.delay().toMillis());
            }
            answer.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            byte[] response = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(answer.status(), response.length == 0 ? -1 : response.length);
            exchange.getResponseBody().write(response);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the dispatcher gave up waiting and closed the connection
        } finally {
            exchange.close();
        }
    }

    private static List<Answer> concat(Answer first, Answer... then) {
        List<Answer> all = new ArrayList<>();
        all.add(first);
        all.addAll(List.of(then));
        return all;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
