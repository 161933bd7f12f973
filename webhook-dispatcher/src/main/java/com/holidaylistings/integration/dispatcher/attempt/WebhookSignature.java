package com.holidaylistings.integration.dispatcher.attempt;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signatures: {@code v1,} and the base64 HMAC-SHA256 of
 * {@code "{webhook-id}.{webhook-timestamp}.{body}"}, keyed with the base64-decoded part of the
 * owner's {@code whsec_} secret. During a secret rotation's overlap the header carries one signature
 * per secret, the current one first, separated by a space, as the specification allows: a receiver
 * accepts the delivery if any of them verifies with the secret it knows.
 */
final class WebhookSignature {

    private static final String PREFIX = "whsec_";

    private WebhookSignature() {}

    /** The {@code webhook-signature} value: one {@code v1,} entry per secret, in the order given (the current one first). */
    static String sign(List<String> secrets, String webhookId, long timestampSeconds, String body) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("A delivery is signed with at least one secret");
        }
        return secrets.stream()
                .map(secret -> sign(secret, webhookId, timestampSeconds, body))
                .collect(Collectors.joining(" "));
    }

    static String sign(String secret, String webhookId, long timestampSeconds, String body) {
        String encodedKey = secret.startsWith(PREFIX) ? secret.substring(PREFIX.length()) : secret;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(encodedKey), "HmacSHA256"));
            byte[] signature =
                    mac.doFinal((webhookId + "." + timestampSeconds + "." + body).getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(signature);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
