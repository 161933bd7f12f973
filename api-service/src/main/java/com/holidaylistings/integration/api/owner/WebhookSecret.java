package com.holidaylistings.integration.api.owner;

import java.security.SecureRandom;
import java.util.Base64;

/** A Standard Webhooks signing secret: {@code whsec_} and the base64 of 32 random bytes. */
final class WebhookSecret {

    static final String PREFIX = "whsec_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private WebhookSecret() {}

    static String generate() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return PREFIX + Base64.getEncoder().encodeToString(key);
    }
}
