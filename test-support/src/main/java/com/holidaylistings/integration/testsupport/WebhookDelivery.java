package com.holidaylistings.integration.testsupport;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * One request that reached a {@link WebhookReceiver}: its path, headers and body (unless the
 * receiver runs {@link WebhookReceiver#forLoad() for load}), its webhook-id and enquiry, and when
 * it arrived and was answered.
 */
public final class WebhookDelivery {

    private static final Pattern ENQUIRY_ID = Pattern.compile("\"enquiry_id\"\\s*:\\s*\"([0-9a-fA-F-]{36})\"");

    /** When a request arrived, on both clocks. */
    record Arrival(long nanoTime, Instant instant) {
        static Arrival now() {
            return new Arrival(System.nanoTime(), Instant.now());
        }
    }

    private final String path;
    private final Map<String, List<String>> headers;
    private final String body;
    private final String webhookId;
    private final UUID enquiryId;
    private final Arrival arrival;
    private volatile long answeredAt;

    private WebhookDelivery(
            String path,
            Map<String, List<String>> headers,
            String body,
            String webhookId,
            UUID enquiryId,
            Arrival arrival) {
        this.path = path;
        this.headers = headers;
        this.body = body;
        this.webhookId = webhookId;
        this.enquiryId = enquiryId;
        this.arrival = arrival;
    }

    static WebhookDelivery of(
            String path, Map<String, List<String>> headers, String body, Arrival arrival, boolean keepContent) {
        String webhookId = first(headers, "webhook-id");
        Matcher enquiry = ENQUIRY_ID.matcher(body);
        UUID enquiryId = enquiry.find() ? UUID.fromString(enquiry.group(1)) : null;
        return keepContent
                ? new WebhookDelivery(path, Map.copyOf(headers), body, webhookId, enquiryId, arrival)
                : new WebhookDelivery(path, Map.of(), null, webhookId, enquiryId, arrival);
    }

    public String path() {
        return path;
    }

    /** The headers as received (empty under load). */
    public Map<String, List<String>> headers() {
        return headers;
    }

    /** The first value of a header, whatever its case, or null. */
    public String header(String name) {
        return first(headers, name);
    }

    /** The body (null under load). */
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

    /**
     * Whether it carries a valid Standard Webhooks signature by {@code secret} ({@code whsec_…}):
     * an HMAC-SHA256 of "id.timestamp.body" in one of the "v1,…" entries. Checked here on its
     * own, not with the dispatcher's code.
     */
    public boolean signedWith(String secret) {
        String timestamp = header("webhook-timestamp");
        String signatures = header("webhook-signature");
        if (body == null || webhookId == null || timestamp == null || signatures == null) {
            return false;
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
            mac.update((webhookId + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            byte[] expected = mac.doFinal(body.getBytes(StandardCharsets.UTF_8));
            for (String signature : signatures.split(" ")) {
                if (signature.startsWith("v1,")
                        && MessageDigest.isEqual(expected, Base64.getDecoder().decode(signature.substring(3)))) {
                    return true;
                }
            }
            return false;
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
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
