package com.holidaylistings.integration.signing;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signatures: {@code v1,} and the base64 HMAC-SHA256 of
 * {@code "{webhook-id}.{webhook-timestamp}.{body}"}, keyed with the base64-decoded part of a
 * {@code whsec_} secret. During a secret rotation's overlap the header carries one entry per secret,
 * the current one first, separated by a space, as the specification allows: a receiver accepts the
 * delivery if any entry verifies with any secret it holds.
 *
 * <p>The one implementation of the scheme in this repository: the dispatcher signs every attempt
 * with it, and every receiver here verifies with it, so that signing and checking cannot drift
 * apart. Its own test pins it to the specification's published example, so a wrong signer cannot
 * pass by agreeing with itself. A {@link Mac} is made per call: it is not thread-safe, and a key
 * differs from one delivery to the next.
 */
public final class WebhookSignature {

    /** The prefix of a signing secret; the base64 key follows it. */
    public static final String SECRET_PREFIX = "whsec_";

    private static final String VERSION = "v1,";
    private static final String ALGORITHM = "HmacSHA256";

    private WebhookSignature() {}

    /**
     * The {@code webhook-signature} value: one {@code v1,} entry per secret, in the order given
     * (the current one first), separated by a space.
     */
    public static String sign(List<String> secrets, String webhookId, long timestampSeconds, String body) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("A delivery is signed with at least one secret");
        }
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        String timestamp = Long.toString(timestampSeconds);
        StringBuilder header = new StringBuilder(45 * secrets.size());
        for (String secret : secrets) {
            if (!header.isEmpty()) {
                header.append(' ');
            }
            header.append(sign(secret, webhookId, timestamp, content));
        }
        return header.toString();
    }

    /** One {@code v1,} entry: the signature of {@code body} (as UTF-8) with {@code secret}. */
    public static String sign(String secret, String webhookId, long timestampSeconds, String body) {
        return sign(secret, webhookId, Long.toString(timestampSeconds), body.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * One {@code v1,} entry: the signature of the raw {@code body} with {@code secret} (its
     * {@code whsec_} prefix may be left out).
     *
     * @throws IllegalArgumentException if the secret's key is not base64
     */
    public static String sign(String secret, String webhookId, String timestamp, byte[] body) {
        return VERSION + Base64.getEncoder().encodeToString(hmac(key(secret), webhookId, timestamp, body));
    }

    /**
     * Whether any {@code v1,} entry of a {@code webhook-signature} header is the signature of this
     * request with {@code secret}, compared in constant time. A missing header, id or timestamp, or a
     * secret that is not one, verifies nothing.
     */
    public static boolean verifies(
            String secret, String webhookId, String timestamp, byte[] body, String signatureHeader) {
        if (secret == null || webhookId == null || timestamp == null || body == null || signatureHeader == null) {
            return false;
        }
        byte[] expected;
        try {
            expected = sign(secret, webhookId, timestamp, body).getBytes(StandardCharsets.US_ASCII);
        } catch (IllegalArgumentException notASecret) {
            return false;
        }
        boolean verified = false;
        for (String entry : signatureHeader.split(" ")) {
            // every entry is compared, a match or not: the time taken tells nothing about which one matched
            verified |= MessageDigest.isEqual(expected, entry.getBytes(StandardCharsets.US_ASCII));
        }
        return verified;
    }

    /**
     * The index in {@code secrets} of the first one that verifies the request (a receiver holding the
     * new and the old secret during a rotation learns which one its sender signs with), or -1.
     */
    public static int verifyingSecret(
            List<String> secrets, String webhookId, String timestamp, byte[] body, String signatureHeader) {
        for (int i = 0; i < secrets.size(); i++) {
            if (verifies(secrets.get(i), webhookId, timestamp, body, signatureHeader)) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] key(String secret) {
        String encoded = secret.startsWith(SECRET_PREFIX) ? secret.substring(SECRET_PREFIX.length()) : secret;
        try {
            return Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("A signing secret is whsec_ followed by a base64 key", e);
        }
    }

    private static byte[] hmac(byte[] key, String webhookId, String timestamp, byte[] body) {
        if (key.length == 0) {
            throw new IllegalArgumentException("A signing secret is whsec_ followed by a base64 key");
        }
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            mac.update((webhookId + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is part of every JDK", e);
        }
    }
}
