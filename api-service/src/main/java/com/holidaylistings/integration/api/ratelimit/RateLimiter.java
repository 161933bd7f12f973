package com.holidaylistings.integration.api.ratelimit;

import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Per-token sliding-window limits kept in PostgreSQL, so that every replica sees the same counts.
 * One statement per request: the {@code take_rate_limit} function decides and records under the
 * token's row lock (see the V4 migration for the algorithm).
 */
@Component
public class RateLimiter {

    private final JdbcClient jdbc;
    private final RateLimitProperties limits;

    RateLimiter(JdbcClient jdbc, RateLimitProperties limits) {
        this.jdbc = jdbc;
        this.limits = limits;
    }

    public RateLimitDecision take(UUID tokenId) {
        return jdbc.sql("""
                        select allowed, window_limit, remaining, reset_at, retry_after
                          from take_rate_limit(:token, :perMinute, :perHour)
                        """)
                .param("token", tokenId)
                .param("perMinute", limits.perMinute())
                .param("perHour", limits.perHour())
                .query((rs, n) -> new RateLimitDecision(
                        rs.getBoolean("allowed"),
                        rs.getInt("window_limit"),
                        rs.getInt("remaining"),
                        rs.getLong("reset_at"),
                        rs.getInt("retry_after")))
                .single();
    }
}
