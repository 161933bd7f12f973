package com.holidaylistings.integration.api.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** The SHA-256 of a token: all that is stored. Tokens carry 178 random bits, so no salt or slow hash is needed. */
public final class TokenHash {

    private TokenHash() {}

    public static byte[] of(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
