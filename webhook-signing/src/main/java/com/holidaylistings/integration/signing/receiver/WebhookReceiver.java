package com.holidaylistings.integration.signing.receiver;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A real HTTP webhook receiver in the JVM, on the loopback interface: the one of the local stack
 * ({@link ReceiverCommand}, dev/receiver.sh), of the tests and system tests (through test-support), of
 * the benchmarks and of the dispatcher's warm-up. A path answers as told: a status, after a delay,
 * with headers and a body, or several answers in turn, or an answer chosen for each delivery;
 * otherwise the longest matching path prefix answers, otherwise the default (404 at first). Given
 * secrets, it checks each delivery's Standard Webhooks signature ({@link WebhookDelivery#signature()}).
 * It keeps what {@link Keeping} says, and counts always: requests, answers by status, requests the
 * sender closed before the answer, the most open at once, distinct enquiries accepted.
 */
public final class WebhookReceiver implements AutoCloseable {

    /** What a receiver keeps of each delivery. */
    public enum Keeping {
        /** Headers and body too, indexed by path, webhook-id and (the first accepted one) path and enquiry. */
        EVERYTHING,
        /** For thousands of deliveries a second: their times, path, webhook-id and enquiry, indexed alike. */
        ARRIVALS,
        /** Nothing of each delivery once answered (its listener and its answer see it whole): the counts only. */
        COUNTS
    }

    /** How a path answers. */
    public record Answer(int status, Duration delay, Map<String, String> headers, String body) {

        private static final String BODY = "{\"received\":true}";

        public Answer(int status, Duration delay, Map<String, String> headers) {
            this(status, delay, headers, BODY);
        }

        public static Answer ok() {
            return status(200);
        }

        public static Answer status(int status) {
            return new Answer(status, Duration.ZERO, Map.of());
        }

        /** A 200, given only after {@code delay}: a receiver that hangs. */
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

    /** How a receiver is started: its port, what it keeps, the secrets it checks signatures with, who is told of each delivery. */
    public static final class Builder {

        private int port;
        private Keeping keeping = Keeping.EVERYTHING;
        private List<String> secrets = List.of();
        private Consumer<WebhookDelivery> listener = delivery -> {};

        private Builder() {}

        /** The loopback port to listen on (0, the default: any free one). */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("A port is a number from 0 to 65535, not " + port);
            }
            this.port = port;
            return this;
        }

        public Builder keeping(Keeping keeping) {
            this.keeping = keeping;
            return this;
        }

        /** Checks every delivery's signature with these {@code whsec_} secrets, in this order. */
        public Builder verifyingWith(List<String> secrets) {
            this.secrets = List.copyOf(secrets);
            return this;
        }

        /** Told of each delivery as it arrives, before it is answered (on the request's thread). */
        public Builder onDelivery(Consumer<WebhookDelivery> listener) {
            this.listener = listener;
            return this;
        }

        public WebhookReceiver start() {
            return new WebhookReceiver(this);
        }
    }

    private record PathAndEnquiry(String path, UUID enquiryId) {}

    private final HttpServer server;
    private final ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
    private final Keeping keeping;
    private final List<String> secrets;
    private final Consumer<WebhookDelivery> listener;
    private final Map<String, List<Answer>> answers = new ConcurrentHashMap<>();
    private final Map<String, Function<WebhookDelivery, Answer>> answersByDelivery = new ConcurrentHashMap<>();
    private final Map<String, Answer> prefixAnswers = new ConcurrentHashMap<>();
    private volatile Function<WebhookDelivery, Answer> otherwise = delivery -> Answer.status(404);
    private final Queue<WebhookDelivery> all = new ConcurrentLinkedQueue<>();
    private final Map<String, Queue<WebhookDelivery>> byPath = new ConcurrentHashMap<>();
    private final Map<String, Queue<WebhookDelivery>> byWebhookId = new ConcurrentHashMap<>();
    private final Map<PathAndEnquiry, WebhookDelivery> first = new ConcurrentHashMap<>();
    private final Set<UUID> enquiriesAccepted = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicInteger> arrivals = new ConcurrentHashMap<>();
    private final Map<Integer, LongAdder> answered = new ConcurrentHashMap<>();
    private final AtomicLong received = new AtomicLong();
    private final LongAdder cutOff = new LongAdder();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peakInFlight = new AtomicInteger();
    private final AtomicLong repeats = new AtomicLong();

    private WebhookReceiver(Builder builder) {
        this.keeping = builder.keeping;
        this.secrets = builder.secrets;
        this.listener = builder.listener;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), builder.port), 4096);
        } catch (IOException e) {
            handlers.close();
            throw new UncheckedIOException(
                    "The webhook receiver could not listen on the loopback interface, port " + builder.port, e);
        }
        server.setExecutor(handlers);
        server.createContext("/", this::receive);
        server.start();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A receiver on any free port that keeps each delivery's headers and body. */
    public static WebhookReceiver start() {
        return builder().start();
    }

    /** A receiver for thousands of deliveries a second: it keeps their times, path, webhook-id and enquiry only. */
    public static WebhookReceiver forLoad() {
        return builder().keeping(Keeping.ARRIVALS).start();
    }

    /** A URL on this receiver that answers {@code answer}. */
    public String url(String path, Answer answer) {
        answer(path, answer);
        return url(path);
    }

    /** A URL on this receiver that gives these answers to its first requests in turn, then the last one to all others. */
    public String url(String path, Answer first, Answer... then) {
        List<Answer> inTurn = new ArrayList<>();
        inTurn.add(first);
        inTurn.addAll(List.of(then));
        answers.put(path, List.copyOf(inTurn));
        return url(path);
    }

    /** A URL on this receiver, answered as its path is. */
    public String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** From now on {@code path} answers {@code answer}. */
    public void answer(String path, Answer answer) {
        answers.put(path, List.of(answer));
    }

    /**
     * From now on {@code path} answers each delivery as {@code byDelivery} says: a receiver shared by
     * several owners that tells them apart by what it receives.
     */
    public void answer(String path, Function<WebhookDelivery, Answer> byDelivery) {
        answersByDelivery.put(path, byDelivery);
    }

    /** From now on every path starting with {@code prefix} that has no answer of its own answers {@code answer}. */
    public void answerUnder(String prefix, Answer answer) {
        prefixAnswers.put(prefix, answer);
    }

    /** From now on every other path answers {@code answer}. */
    public void answerOthers(Answer answer) {
        otherwise = delivery -> answer;
    }

    /**
     * From now on every other path answers each delivery as {@code byDelivery} says: every n-th
     * request across all paths ({@link WebhookDelivery#sequence()}), say.
     */
    public void answerOthers(Function<WebhookDelivery, Answer> byDelivery) {
        otherwise = byDelivery;
    }

    /** Every delivery, in order of arrival (none when keeping counts only). */
    public List<WebhookDelivery> deliveries() {
        return List.copyOf(all);
    }

    /** The deliveries to {@code path}, in order of arrival. */
    public List<WebhookDelivery> requests(String path) {
        Queue<WebhookDelivery> deliveries = byPath.get(path);
        return deliveries == null ? List.of() : List.copyOf(deliveries);
    }

    /** The bodies that reached {@code path}, in order of arrival. */
    public List<String> bodies(String path) {
        return requests(path).stream().map(WebhookDelivery::body).toList();
    }

    /** The first delivery of an enquiry to {@code path} that was answered with a success (2xx), or null. */
    public WebhookDelivery firstDelivery(String path, UUID enquiryId) {
        return first.get(new PathAndEnquiry(path, enquiryId));
    }

    /** The deliveries that carried {@code webhookId} (a message and its retries), in order of arrival. */
    public List<WebhookDelivery> withWebhookId(String webhookId) {
        Queue<WebhookDelivery> deliveries = byWebhookId.get(webhookId);
        return deliveries == null ? List.of() : List.copyOf(deliveries);
    }

    /** The deliveries by webhook-id, for duplicate counts: ids received more than once were received again. */
    public Map<String, List<WebhookDelivery>> byWebhookId() {
        Map<String, List<WebhookDelivery>> copy = new HashMap<>();
        byWebhookId.forEach((id, deliveries) -> copy.put(id, List.copyOf(deliveries)));
        return copy;
    }

    /** Deliveries answered with a success although their enquiry had already been accepted at that path. */
    public long repeats() {
        return repeats.get();
    }

    /** How many deliveries arrived at paths starting with {@code prefix}. */
    public int arrivalsUnder(String prefix) {
        return arrivals.entrySet().stream()
                .filter(entry -> entry.getKey().startsWith(prefix))
                .mapToInt(entry -> entry.getValue().get())
                .sum();
    }

    /** Requests received, at any path, whatever became of them. */
    public long received() {
        return received.get();
    }

    /** Requests answered with {@code status} (their answer sent whole). */
    public long answeredWith(int status) {
        LongAdder count = answered.get(status);
        return count == null ? 0 : count.sum();
    }

    /** Requests whose sender closed the connection before it had the answer (its timeout, say). */
    public long cutOff() {
        return cutOff.sum();
    }

    /** Distinct enquiries answered with a success (2xx) at least once, at any path. */
    public int enquiriesAccepted() {
        return enquiriesAccepted.size();
    }

    /** Requests being received or answered right now. */
    public int inFlight() {
        return inFlight.get();
    }

    /** The most requests that were being received or answered at once. */
    public int peakInFlight() {
        return peakInFlight.get();
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }

    private void receive(HttpExchange exchange) throws IOException {
        WebhookDelivery.Arrival arrival = WebhookDelivery.Arrival.now(received.incrementAndGet());
        peakInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            byte[] body = exchange.getRequestBody().readAllBytes();
            int earlier =
                    arrivals.computeIfAbsent(path, p -> new AtomicInteger()).getAndIncrement();
            WebhookDelivery delivery = WebhookDelivery.of(exchange, body, arrival, keeping, secrets);
            listener.accept(delivery);
            Function<WebhookDelivery, Answer> byDelivery = answersByDelivery.get(path);
            Answer answer = byDelivery != null ? byDelivery.apply(delivery) : answerFor(delivery, earlier);
            keep(delivery, answer.status() / 100 == 2);
            if (!answer.delay().isZero()) {
                Thread.sleep(answer.delay());
            }
            answer.headers()
                    .forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            byte[] response = answer.body().getBytes(StandardCharsets.UTF_8);
            boolean empty = response.length == 0 || answer.status() == 204 || answer.status() == 304;
            exchange.sendResponseHeaders(answer.status(), empty ? -1 : response.length);
            if (!empty) {
                exchange.getResponseBody().write(response);
            }
            delivery.answered();
            answered.computeIfAbsent(answer.status(), status -> new LongAdder()).increment();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            cutOff.increment(); // the sender gave up waiting and closed the connection
        } finally {
            inFlight.decrementAndGet();
        }
    }

    private void keep(WebhookDelivery delivery, boolean accepted) {
        if (accepted && delivery.enquiryId() != null) {
            enquiriesAccepted.add(delivery.enquiryId());
        }
        if (keeping == Keeping.COUNTS) {
            return;
        }
        all.add(delivery);
        byPath.computeIfAbsent(delivery.path(), p -> new ConcurrentLinkedQueue<>())
                .add(delivery);
        if (delivery.webhookId() != null) {
            byWebhookId
                    .computeIfAbsent(delivery.webhookId(), id -> new ConcurrentLinkedQueue<>())
                    .add(delivery);
        }
        if (accepted
                && delivery.enquiryId() != null
                && first.putIfAbsent(new PathAndEnquiry(delivery.path(), delivery.enquiryId()), delivery) != null) {
            repeats.incrementAndGet();
        }
    }

    /** The n-th request to a path gets its n-th answer (the last one once they run out). */
    private Answer answerFor(WebhookDelivery delivery, int earlier) {
        String path = delivery.path();
        List<Answer> inTurn = answers.get(path);
        if (inTurn != null) {
            return inTurn.get(Math.min(earlier, inTurn.size() - 1));
        }
        String longest = null;
        for (String prefix : prefixAnswers.keySet()) {
            if (path.startsWith(prefix) && (longest == null || prefix.length() > longest.length())) {
                longest = prefix;
            }
        }
        return longest == null ? otherwise.apply(delivery) : prefixAnswers.get(longest);
    }
}
