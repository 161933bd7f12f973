package com.holidaylistings.integration.api.web.error;

/**
 * A request refused for now, to be sent again after {@code retryAfterSeconds}; answered 429
 * {@code {"error", "retryAfter"}} with {@code Retry-After}, the rate limit's shape.
 */
public class TooManyRequests extends RuntimeException {

    private final int retryAfterSeconds;

    public TooManyRequests(String message, int retryAfterSeconds) {
        super(message);
        this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
    }

    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
