package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.api.attempts.AttemptLog;
import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reads what webhook-dispatcher records: each hook's status, from the delivery state it
 * keeps per hook with every attempt ({@code subscription_health}: failures in a row, whether
 * it announced the hook failing on {@code webhook.operational}, the latest attempt and
 * success, since when it has failed without a break), the dispatcher's disabling, and the owner's
 * throttle. Its attempts are read by {@link AttemptLog}.
 */
@Repository
public class DeliveryLog {

    // A hook without a health row has had no attempt yet.
    private static final String HOOK_STATUS = """
            select s.id, s.target_url, s.property_id, s.event, s.paused, s.unsubscribed_at is not null as unsubscribed,
                   s.unsubscribe_reason, s.throttle_per_second, s.disabled_at,
                   h.failing_since is not null as failing, h.last_attempt_at, h.last_outcome as latest_outcome,
                   h.last_success_at, coalesce(h.consecutive_failures, 0) as consecutive_failures,
                   h.first_failure_at, h.last_http_status, h.last_error,
                   coalesce(h.disabled_reason = 'receiver_asked', false) as disabled_by_receiver
              from webhook_subscriptions s
              left join subscription_health h on h.subscription_id = s.id
             where s.owner_id = :owner
            """;

    private final JdbcClient jdbc;

    DeliveryLog(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<HookStatus> hooks(UUID ownerId) {
        return jdbc.sql(HOOK_STATUS + " order by s.created_at, s.id")
                .param("owner", ownerId)
                .query(this::hookStatus)
                .list();
    }

    public Optional<HookStatus> hook(UUID ownerId, UUID hookId) {
        return jdbc.sql(HOOK_STATUS + " and s.id = :hook")
                .param("owner", ownerId)
                .param("hook", hookId)
                .query(this::hookStatus)
                .optional();
    }

    private static DeliveryOutcome latestOutcome(String stored) {
        return stored == null ? null : DeliveryOutcome.of(stored);
    }

    private HookStatus hookStatus(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        boolean paused = rs.getBoolean("paused");
        DisplayStatus status = DisplayStatus.of(
                paused,
                rs.getBoolean("unsubscribed"),
                rs.getBoolean("failing"),
                latestOutcome(rs.getString("latest_outcome")));
        Instant disabledAt = Timestamps.read(rs, "disabled_at");
        Instant firstFailureAt = Timestamps.read(rs, "first_failure_at");
        int failures = rs.getInt("consecutive_failures");
        StatusReason reason = new StatusReason(
                status,
                paused,
                rs.getString("unsubscribe_reason"),
                disabledAt,
                rs.getBoolean("disabled_by_receiver"),
                firstFailureAt,
                failures,
                rs.getObject("last_http_status", Integer.class),
                rs.getString("last_error"));
        return new HookStatus(
                rs.getObject("id", UUID.class),
                rs.getString("target_url"),
                rs.getObject("property_id", UUID.class),
                rs.getString("event"),
                status,
                paused,
                Timestamps.read(rs, "last_attempt_at"),
                Timestamps.read(rs, "last_success_at"),
                failures,
                rs.getObject("throttle_per_second", Integer.class),
                reason.sentence(),
                paused ? disabledAt : null);
    }
}
