package com.holidaylistings.integration.api.ratelimit;

/**
 * The outcome of one request against a token's limits. {@code limit}, {@code remaining} and
 * {@code resetAt} (epoch seconds) describe the window closest to exhaustion; {@code retryAfter}
 * is the wait in seconds when the request is refused.
 */
public record RateLimitDecision(boolean allowed, int limit, int remaining, long resetAt, int retryAfter) {}
