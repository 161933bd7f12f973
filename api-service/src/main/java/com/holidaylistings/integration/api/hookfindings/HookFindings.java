package com.holidaylistings.integration.api.hookfindings;

import com.holidaylistings.integration.api.hook.DeliveryRefusal;
import java.sql.Timestamp;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Applies the dispatcher's findings to the subscription's row, each by one conditional update, so
 * that a duplicate, a replay or a late record changes nothing: a hook already removed stays as it
 * was, and a disabling older than the owner's latest resume pauses nothing. The owner's id must
 * match the row's, as everywhere else in api-service.
 */
@Repository
class HookFindings {

    private final JdbcClient jdbc;

    HookFindings(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Applies {@code finding}; answers whether it changed the row. */
    boolean apply(HookFinding finding) {
        return switch (finding) {
            case HookFinding.Unsubscribed gone ->
                jdbc.sql("""
                            update webhook_subscriptions set unsubscribed_at = :at, unsubscribe_reason = :reason
                             where id = :hook and owner_id = :owner and unsubscribed_at is null
                            """)
                                .param("at", Timestamp.from(gone.occurredAt()))
                                .param("reason", DeliveryRefusal.GONE_REASON)
                                .param("hook", gone.hookId())
                                .param("owner", gone.ownerId())
                                .update()
                        == 1;
            case HookFinding.Disabled disabled ->
                jdbc.sql("""
                            update webhook_subscriptions set paused = true, disabled_at = :at
                             where id = :hook and owner_id = :owner and unsubscribed_at is null
                               and (resumed_at is null or resumed_at <= :at)
                               and (not paused or disabled_at is distinct from :at)
                            """)
                                .param("at", Timestamp.from(disabled.occurredAt()))
                                .param("hook", disabled.hookId())
                                .param("owner", disabled.ownerId())
                                .update()
                        == 1;
        };
    }
}
