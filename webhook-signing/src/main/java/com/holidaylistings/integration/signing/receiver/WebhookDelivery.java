package com.holidaylistings.integration.signing.receiver;

import com.holidaylistings.integration.signing.WebhookSignature;
import com.sun.net.httpserver.HttpExchange;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One request that reached a {@link WebhookReceiver}: its method, path, headers and body (unless the
 * receiver keeps {@link WebhookReceiver.Keeping#ARRIVALS arrivals} only), its webhook-id and enquiry,
 * its place among the receiver's requests, when it arrived and was answered, and what became of its
 * signature when the receiver was given secrets.
 */
public final class WebhookDelivery {

    private static final Pattern ENQUIRY_ID = Pattern.compile("\"enquiry_id\"\\s*:\\s*\"([0-9a-fA-F-]{36})\"");

    /** The how-many-th request of its receiver it was (from 1), and when it arrived, on both clocks. */
    record Arrival(long sequence, long nanoTime, Instant instant) {
        static Arrival now(long sequence) {
            return new Arrival(sequence, System.nanoTime(), Instant.now());
        }
    }

    private final String method;
    private final String uri;
    private final String path;
    private final Map<String, List<String>> headers;
    private final String body;
    private final String webhookId;
    private final UUID enquiryId;
    private final Arrival arrival;
    private final SignatureCheck signature;
    private volatile long answeredAt;

    private WebhookDelivery(
            String method,
            String uri,
            String path,
            Map<String, List<String>> headers,
            String body,
            String webhookId,
            UUID enquiryId,
            Arrival arrival,
            SignatureCheck signature) {
        this.method = method;
        this.uri = uri;
        this.path = path;
        this.headers = headers;
        this.body = body;
        this.webhookId = webhookId;
        this.enquiryId = enquiryId;
        this.arrival = arrival;
        this.signature = signature;
    }

    static WebhookDelivery of(
            HttpExchange exchange,
            byte[] rawBody,
            Arrival arrival,
            WebhookReceiver.Keeping keeping,
            List<String> secrets) {
        Map<String, List<String>> headers = exchange.getRequestHeaders();
        String webhookId = first(headers, "webhook-id");
        String body = new String(rawBody, StandardCharsets.UTF_8);
        Matcher enquiry = ENQUIRY_ID.matcher(body);
        UUID enquiryId = enquiry.find() ? UUID.fromString(enquiry.group(1)) : null;
        SignatureCheck signature = secrets.isEmpty()
                ? SignatureCheck.NOT_CHECKED
                : new SignatureCheck(
                        secrets.size(),
                        WebhookSignature.verifyingSecret(
                                secrets,
                                webhookId,
                                first(headers, "webhook-timestamp"),
                                rawBody,
                                first(headers, "webhook-signature")));
        // kept whole, unless the receiver keeps many of them (a delivery it only counts is gone once answered)
        boolean whole = keeping != WebhookReceiver.Keeping.ARRIVALS;
        return new WebhookDelivery(
                exchange.getRequestMethod(),
                exchange.getRequestURI().toString(),
                exchange.getRequestURI().getPath(),
                whole ? Map.copyOf(headers) : Map.of(),
                whole ? body : null,
                webhookId,
                enquiryId,
                arrival,
                signature);
    }

    public String method() {
        return method;
    }

    /** The request's target as sent: its path and query. */
    public String uri() {
        return uri;
    }

    public String path() {
        return path;
    }

    /** The headers as received (empty when the receiver keeps arrivals only). */
    public Map<String, List<String>> headers() {
        return headers;
    }

    /** The first value of a header, whatever its case, or null. */
    public String header(String name) {
        return first(headers, name);
    }

    /** The body (null when the receiver keeps arrivals only). */
    public String body() {
        return body;
    }

    /** The {@code webhook-id} header, or null. */
    public String webhookId() {
        return webhookId;
    }

    /** The {@code enquiry_id} of the body, or null. */
    public UUID enquiryId() {
        return enquiryId;
    }

    /** The how-many-th request of its receiver it was, at any path, from 1. */
    public long sequence() {
        return arrival.sequence();
    }

    /** When it arrived, by {@link Instant#now()}. */
    public Instant receivedAt() {
        return arrival.instant();
    }

    /** When it arrived, by {@link System#nanoTime()}. */
    public long arrivedAt() {
        return arrival.nanoTime();
    }

    /** When its answer was sent, by {@link System#nanoTime()}; 0 while it is not. */
    public long answeredAt() {
        return answeredAt;
    }

    void answered() {
        answeredAt = System.nanoTime();
    }

    /** Its signature checked with the receiver's secrets, when it was given any. */
    public SignatureCheck signature() {
        return signature;
    }

    /**
     * Whether it carries a valid Standard Webhooks signature by {@code secret} ({@code whsec_…}) in
     * one of the {@code v1,} entries of its {@code webhook-signature} header (false unless the
     * receiver keeps arrivals only).
     */
    public boolean signedWith(String secret) {
        return body != null
                && WebhookSignature.verifies(
                        secret,
                        webhookId,
                        header("webhook-timestamp"),
                        body.getBytes(StandardCharsets.UTF_8),
                        header("webhook-signature"));
    }

    /**
     * The {@code v1,} entry that {@code secret} gives this delivery (its webhook-id, timestamp and
     * body as received): what its {@code webhook-signature} carries when it was signed with that secret.
     */
    public String signatureBy(String secret) {
        if (body == null) {
            throw new IllegalStateException("Its receiver kept no body to sign (it keeps arrivals only)");
        }
        return WebhookSignature.sign(
                secret, webhookId, header("webhook-timestamp"), body.getBytes(StandardCharsets.UTF_8));
    }

    private static String first(Map<String, List<String>> headers, String name) {
        for (Map.Entry<String, List<String>> header : headers.entrySet()) {
            if (header.getKey().equalsIgnoreCase(name) && !header.getValue().isEmpty()) {
                return header.getValue().getFirst();
            }
        }
        return null;
    }
}
