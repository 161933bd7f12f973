package com.holidaylistings.integration.api.subscription;

import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.events.delivery.DeliveryOutcome;
import com.holidaylistings.integration.events.delivery.DisplayStatus;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reads what webhook-dispatcher records: each subscription's status, from the delivery state it
 * keeps per subscription with every attempt ({@code subscription_health}: failures in a row, whether
 * it announced the subscription failing on {@code webhook.operational}, the latest attempt and
 * success), and its latest attempts.
 */
@Repository
public class DeliveryLog {

    // A subscription without a health row has had no attempt yet.
    private static final String HOOK_STATUS = """
            select s.id, s.target_url, s.property_id, s.event, s.paused, s.unsubscribed_at is not null as unsubscribed,
                   h.failing_since is not null as failing, h.last_attempt_at, h.last_outcome as latest_outcome,
                   h.last_success_at, coalesce(h.consecutive_failures, 0) as consecutive_failures
              from webhook_subscriptions s
              left join subscription_health h on h.subscription_id = s.id
             where s.owner_id = :owner
            """;

    private final JdbcClient jdbc;

    DeliveryLog(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<SubscriptionStatus> hooks(UUID ownerId) {
        return jdbc.sql(HOOK_STATUS + " order by s.created_at, s.id").param("owner", ownerId).query(this::hookStatus).list();
    }

    public Optional<SubscriptionStatus> hook(UUID ownerId, UUID hookId) {
        return jdbc.sql(HOOK_STATUS + " and s.id = :hook")
                .param("owner", ownerId)
                .param("hook", hookId)
                .query(this::hookStatus)
                .optional();
    }

    public List<DeliveryAttempt> attempts(UUID hookId, int limit) {
        return jdbc.sql("""
                        select enquiry_id, attempt, outcome, http_status, error, attempted_at, duration_ms
                          from delivery_attempts where subscription_id = :hook
                         order by attempted_at desc, id desc limit :limit
                        """)
                .param("hook", hookId)
                .param("limit", limit)
                .query((rs, n) -> new DeliveryAttempt(
                        rs.getObject("enquiry_id", UUID.class),
                        rs.getInt("attempt"),
                        rs.getString("outcome"),
                        rs.getObject("http_status", Integer.class),
                        rs.getString("error"),
                        Timestamps.read(rs, "attempted_at"),
                        rs.getObject("duration_ms", Integer.class)))
                .list();
    }

    private static DeliveryOutcome latestOutcome(String stored) {
        return stored == null ? null : DeliveryOutcome.of(stored);
    }

    private SubscriptionStatus hookStatus(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
        boolean paused = rs.getBoolean("paused");
        return new SubscriptionStatus(
                rs.getObject("id", UUID.class),
                rs.getString("target_url"),
                rs.getObject("property_id", UUID.class),
                rs.getString("event"),
                DisplayStatus.of(paused, rs.getBoolean("unsubscribed"), rs.getBoolean("failing"), latestOutcome(rs.getString("latest_outcome"))),
                paused,
                Timestamps.read(rs, "last_attempt_at"),
                Timestamps.read(rs, "last_success_at"),
                rs.getInt("consecutive_failures"));
    }
}
