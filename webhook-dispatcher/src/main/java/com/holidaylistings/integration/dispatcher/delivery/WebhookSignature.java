package com.holidaylistings.integration.dispatcher.delivery;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signatures: {@code v1,} and the base64 HMAC-SHA256 of
 * {@code "{webhook-id}.{webhook-timestamp}.{body}"}, keyed with the base64-decoded part of the
 * owner's {@code whsec_} secret.
 */
final class WebhookSignature {

    private static final String PREFIX = "whsec_";

    private WebhookSignature() {}

    static String sign(String secret, String webhookId, long timestampSeconds, String body) {
        String encodedKey = secret.startsWith(PREFIX) ? secret.substring(PREFIX.length()) : secret;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(encodedKey), "HmacSHA256"));
            byte[] signature = mac.doFinal(
                    (webhookId + "." + timestampSeconds + "." + body).getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(signature);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
