package com.holidaylistings.integration.api.portal;

import java.security.SecureRandom;
import java.util.Base64;

/** 256 random bits, URL-safe: link tokens, session ids and CSRF tokens. */
final class RandomTokens {

    private static final SecureRandom RANDOM = new SecureRandom();

    private RandomTokens() {}

    static String next() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
