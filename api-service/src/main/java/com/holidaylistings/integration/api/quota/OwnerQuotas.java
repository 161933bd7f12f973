package com.holidaylistings.integration.api.quota;

import com.holidaylistings.integration.events.delivery.OwnerId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The owners' quotas, kept in PostgreSQL as the tokens' rate limits are, so that every replica sees
 * the same counts: a sliding window of 1-second slots per owner and kind of request
 * ({@code take_owner_quota}, on the rate limits' window functions), exact over any 60 seconds. The
 * decision is one statement under the counter's row lock.
 */
@Repository
public class OwnerQuotas {

    private final JdbcClient jdbc;
    private final QuotaProperties limits;

    OwnerQuotas(JdbcClient jdbc, QuotaProperties limits) {
        this.jdbc = jdbc;
        this.limits = limits;
    }

    private record Taken(boolean allowed, int retryAfter) {}

    /**
     * Counts one request of {@code quota} for the owner, or refuses it with {@link QuotaExceeded}. Call
     * it in the transaction that does the work, after the request's own checks and before anything is
     * written: a refused request changes nothing, and one that fails later (rolled back) is not counted
     * either, its slot given back with the rest of the transaction.
     */
    public void take(OwnerId owner, OwnerQuota quota) {
        int perMinute = limits.perMinute(quota);
        Taken taken = jdbc.sql("select allowed, retry_after from take_owner_quota(:owner, :quota, :perMinute)")
                .param("owner", owner.value())
                .param("quota", quota.key())
                .param("perMinute", perMinute)
                .query((rs, n) -> new Taken(rs.getBoolean("allowed"), rs.getInt("retry_after")))
                .single();
        if (!taken.allowed()) {
            throw new QuotaExceeded(quota, perMinute, taken.retryAfter());
        }
    }
}
