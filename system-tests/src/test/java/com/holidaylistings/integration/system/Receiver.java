package com.holidaylistings.integration.system;

import com.holidaylistings.integration.stack.Api;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import tools.jackson.databind.JsonNode;

/**
 * A webhook receiver, as an owner's integration runs one: it checks each delivery's Standard
 * Webhooks signature with the owner's secret on its own (not with the dispatcher's code), keeps
 * every delivery, and answers 204 (or another status) after an optional delay.
 */
final class Receiver implements AutoCloseable {

    /** One delivery as received. */
    record Delivery(String path, UUID enquiryId, String webhookId, boolean signatureValid, JsonNode payload) {
    }

    private final HttpServer server;
    private final byte[] key;
    private final List<Delivery> deliveries = new CopyOnWriteArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile Duration delay = Duration.ZERO;
    private volatile int status = 204;

    private Receiver(String webhookSecret) {
        this.key = Base64.getDecoder().decode(webhookSecret.substring("whsec_".length()));
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::receive);
        server.start();
    }

    static Receiver start(String webhookSecret) {
        return new Receiver(webhookSecret);
    }

    /** A target URL on this receiver. */
    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** From now on each delivery is answered with {@code status} (204 at first). */
    void answerWith(int status) {
        this.status = status;
    }

    /** From now on each delivery is answered only after {@code delay}. */
    void answerAfter(Duration delay) {
        this.delay = delay;
    }

    List<Delivery> deliveries() {
        return List.copyOf(deliveries);
    }

    /** The deliveries to one target path. */
    List<Delivery> deliveriesTo(String path) {
        return deliveries.stream().filter(delivery -> delivery.path().equals(path)).toList();
    }

    /** The distinct enquiries received. */
    Set<UUID> enquiries() {
        return deliveries.stream().map(Delivery::enquiryId).collect(Collectors.toSet());
    }

    long invalidSignatures() {
        return deliveries.stream().filter(delivery -> !delivery.signatureValid()).count();
    }

    int inFlight() {
        return inFlight.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void receive(HttpExchange exchange) throws IOException {
        inFlight.incrementAndGet();
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            Thread.sleep(delay);
            JsonNode payload = Api.JSON.readTree(body);
            deliveries.add(new Delivery(exchange.getRequestURI().getPath(), UUID.fromString(payload.get("enquiry_id").asString()),
                    exchange.getRequestHeaders().getFirst("webhook-id"), signatureValid(exchange, body), payload));
            exchange.sendResponseHeaders(status, -1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            inFlight.decrementAndGet();
        }
    }

    /** Standard Webhooks: HMAC-SHA256 of "id.timestamp.body", base64, in one of the "v1,…" entries. */
    private boolean signatureValid(HttpExchange exchange, byte[] body) {
        String id = exchange.getRequestHeaders().getFirst("webhook-id");
        String timestamp = exchange.getRequestHeaders().getFirst("webhook-timestamp");
        String signatures = exchange.getRequestHeaders().getFirst("webhook-signature");
        if (id == null || timestamp == null || signatures == null) {
            return false;
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            byte[] expected = mac.doFinal(body);
            for (String signature : signatures.split(" ")) {
                if (signature.startsWith("v1,") && MessageDigest.isEqual(expected,
                        Base64.getDecoder().decode(signature.substring(3)))) {
                    return true;
                }
            }
            return false;
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }
}
