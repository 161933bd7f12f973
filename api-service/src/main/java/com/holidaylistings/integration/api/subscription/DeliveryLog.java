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
 * Reads what webhook-dispatcher records: each subscription's status, derived from its attempts by
 * index lookups and from whether the dispatcher marked it failing (as it announced on
 * {@code webhook.operational}), and its latest attempts.
 */
@Repository
public class DeliveryLog {

    private static final String HOOK_STATUS = """
            select s.id, s.target_url, s.property_id, s.event, s.paused, s.unsubscribed_at is not null as unsubscribed,
                   s.failing_since is not null as failing,
                   latest.attempted_at as last_attempt_at, latest.outcome as latest_outcome,
                   success.attempted_at as last_success_at,
                   (select count(*) from delivery_attempts f
                     where f.subscription_id = s.id and f.outcome in (:failed, :abandoned)
                       and f.attempted_at > coalesce(success.attempted_at, '-infinity')) as consecutive_failures
              from webhook_subscriptions s
              left join lateral (select a.attempted_at, a.outcome from delivery_attempts a
                                  where a.subscription_id = s.id
                                  order by a.attempted_at desc, a.id desc limit 1) latest on true
              left join lateral (select a.attempted_at from delivery_attempts a
                                  where a.subscription_id = s.id and a.outcome = :succeeded
                                  order by a.attempted_at desc limit 1) success on true
             where s.owner_id = :owner
            """;

    private final JdbcClient jdbc;

    DeliveryLog(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public List<SubscriptionStatus> hooks(UUID ownerId) {
        return outcomes(jdbc.sql(HOOK_STATUS + " order by s.created_at, s.id")).param("owner", ownerId).query(this::hookStatus).list();
    }

    public Optional<SubscriptionStatus> hook(UUID ownerId, UUID hookId) {
        return outcomes(jdbc.sql(HOOK_STATUS + " and s.id = :hook"))
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

    private static JdbcClient.StatementSpec outcomes(JdbcClient.StatementSpec statement) {
        return statement.param("succeeded", DeliveryOutcome.SUCCEEDED.value())
                .param("failed", DeliveryOutcome.FAILED.value())
                .param("abandoned", DeliveryOutcome.ABANDONED.value());
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
