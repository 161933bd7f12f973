package com.holidaylistings.integration.api;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.UUID;

/**
 * UUID version 7 (RFC 9562): a millisecond timestamp followed by random bits, so that new rows
 * land at the right-hand end of primary-key indexes instead of all over them.
 */
public final class TimeOrderedUuid {

    private static final SecureRandom RANDOM = new SecureRandom();

    private TimeOrderedUuid() {}

    public static UUID next() {
        return at(Clock.systemUTC().millis());
    }

    static UUID at(long epochMillis) {
        long randomHigh = RANDOM.nextLong();
        long randomLow = RANDOM.nextLong();
        long msb = (epochMillis << 16) | 0x7000L | (randomHigh & 0x0FFFL);
        long lsb = (randomLow & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(msb, lsb);
    }
}
