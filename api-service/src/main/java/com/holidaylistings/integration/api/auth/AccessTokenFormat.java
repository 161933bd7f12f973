package com.holidaylistings.integration.api.auth;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.zip.CRC32;

/**
 * Personal access tokens: {@code hpo_}, 30 random base62 characters (178 bits) and a 6-character
 * base62 CRC32 of them. The prefix lets secret scanners find leaked tokens; the checksum lets us
 * refuse a mistyped or made-up token without a database round trip.
 */
final class AccessTokenFormat {

    static final String PREFIX = "hpo_";
    static final int RANDOM_LENGTH = 30;
    static final int CHECKSUM_LENGTH = 6;
    static final int LENGTH = PREFIX.length() + RANDOM_LENGTH + CHECKSUM_LENGTH;

    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final SecureRandom RANDOM = new SecureRandom();

    private AccessTokenFormat() {}

    static String generate() {
        StringBuilder random = new StringBuilder(RANDOM_LENGTH);
        for (int i = 0; i < RANDOM_LENGTH; i++) {
            random.append(BASE62.charAt(RANDOM.nextInt(BASE62.length())));
        }
        return PREFIX + random + checksum(random.toString());
    }

    static boolean isWellFormed(String token) {
        if (token == null || token.length() != LENGTH || !token.startsWith(PREFIX)) {
            return false;
        }
        for (int i = PREFIX.length(); i < LENGTH; i++) {
            if (BASE62.indexOf(token.charAt(i)) < 0) {
                return false;
            }
        }
        String random = token.substring(PREFIX.length(), PREFIX.length() + RANDOM_LENGTH);
        return token.endsWith(checksum(random));
    }

    static String checksum(String random) {
        CRC32 crc = new CRC32();
        crc.update(random.getBytes(StandardCharsets.US_ASCII));
        long value = crc.getValue();
        char[] digits = new char[CHECKSUM_LENGTH];
        for (int i = CHECKSUM_LENGTH - 1; i >= 0; i--) {
            digits[i] = BASE62.charAt((int) (value % 62));
            value /= 62;
        }
        return new String(digits);
    }
}
