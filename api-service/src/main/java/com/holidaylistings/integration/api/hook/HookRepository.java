package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.api.command.CommandOutbox;
import com.holidaylistings.integration.api.web.error.InvalidRequest;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Hooks (stored in {@code webhook_subscriptions}), scoped to their owner. Removed ones are kept
 * (Inactive in the portal).
 */
@Repository
public class HookRepository {

    private static final RowMapper<Hook> HOOK = (rs, n) -> new Hook(
            rs.getObject("id", UUID.class),
            rs.getString("target_url"),
            rs.getObject("property_id", UUID.class),
            rs.getString("event"));

    private final JdbcClient jdbc;
    private final CommandOutbox commands;

    HookRepository(JdbcClient jdbc, CommandOutbox commands) {
        this.jdbc = jdbc;
        this.commands = commands;
    }

    /**
     * The owner's live hook with this target and filter, created if there is none yet. The
     * owner's row lock makes concurrent subscribes of one owner take turns, so the cap holds.
     */
    @Transactional
    Hook findOrCreate(UUID ownerId, String targetUrl, UUID propertyId, int maxLive) {
        jdbc.sql("select id from owners where id = :owner for update")
                .param("owner", ownerId)
                .query()
                .listOfRows();
        Optional<Hook> existing = findLive(ownerId, targetUrl, propertyId);
        if (existing.isPresent()) {
            return existing.get();
        }
        int live = jdbc.sql(
                        "select count(*) from webhook_subscriptions where owner_id = :owner and unsubscribed_at is null")
                .param("owner", ownerId)
                .query(Integer.class)
                .single();
        if (live >= maxLive) {
            throw InvalidRequest.of("targetUrl", "subscription limit of " + maxLive + " reached; remove one first");
        }
        return insert(ownerId, targetUrl, propertyId);
    }

    private Optional<Hook> findLive(UUID ownerId, String targetUrl, UUID propertyId) {
        return jdbc.sql("""
                        select id, target_url, property_id, event from webhook_subscriptions
                         where owner_id = :owner and target_url = :target
                           and property_id is not distinct from :property and unsubscribed_at is null
                        """)
                .param("owner", ownerId)
                .param("target", targetUrl)
                .param("property", propertyId)
                .query(HOOK)
                .optional();
    }

    private Hook insert(UUID ownerId, String targetUrl, UUID propertyId) {
        return jdbc.sql("""
                        insert into webhook_subscriptions (id, owner_id, target_url, property_id, event)
                        values (:id, :owner, :target, :property, :event)
                        returning id, target_url, property_id, event
                        """)
                .param("id", TimeOrderedUuid.next())
                .param("owner", ownerId)
                .param("target", targetUrl)
                .param("property", propertyId)
                .param("event", EnquiryCreated.TYPE)
                .query(HOOK)
                .single();
    }

    /** The owner's live hooks (paused ones too; not removed, not unsubscribed by a 410), oldest first. */
    List<Hook> live(UUID ownerId) {
        return jdbc.sql("""
                        select id, target_url, property_id, event from webhook_subscriptions
                         where owner_id = :owner and unsubscribed_at is null
                         order by created_at, id
                        """).param("owner", ownerId).query(HOOK).list();
    }

    /** Removes the owner's live hook with this target and property filter; false if none. */
    boolean remove(UUID ownerId, String targetUrl, UUID propertyId) {
        return jdbc.sql("""
                        update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'deleted'
                         where owner_id = :owner and target_url = :target
                           and property_id is not distinct from :property and unsubscribed_at is null
                        """)
                        .param("owner", ownerId)
                        .param("target", targetUrl)
                        .param("property", propertyId)
                        .update()
                > 0;
    }

    /**
     * Pauses or resumes one of the owner's hooks; false if the owner has no such hook.
     * Resuming also ends a disabling by the dispatcher: the owner has seen it and wants deliveries again.
     * It is recorded as {@code resumed_at}, which the dispatcher reads: its own disabling, if older, is
     * over (it delivers again without being told), and a {@code hook.disabled} that occurred before it
     * (late, or replayed) pauses nothing (hookfindings).
     */
    public boolean setPaused(UUID ownerId, UUID hookId, boolean paused) {
        return jdbc.sql("""
                        update webhook_subscriptions set paused = :paused, disabled_at = case when :paused then disabled_at end,
                               resumed_at = case when :paused then resumed_at else now() end
                         where id = :id and owner_id = :owner
                        """)
                        .param("paused", paused)
                        .param("id", hookId)
                        .param("owner", ownerId)
                        .update()
                == 1;
    }

    /**
     * Sets or lifts (null) the throttle of one of the owner's hooks, asked for by
     * {@code requestId}; false if the owner has no such hook. When the rate changes, the
     * dispatcher is told in the same transaction ({@link DeliveryCommand.ThrottleChanged}): the
     * deliveries waiting for a start the old rate gave them are due again, to start at the new rate (or
     * at once without one), so that raising or lifting a throttle takes effect on the backlog too. The
     * command's {@code requested_at} is the database's clock, the one the dispatcher stamps a reserved
     * start with ({@code updated_at}): starts reserved after the change are not released.
     */
    @Transactional
    public boolean setThrottle(UUID ownerId, UUID hookId, Integer perSecond, String requestId) {
        Optional<RateChange> change = jdbc.sql("""
                        update webhook_subscriptions s set throttle_per_second = :perSecond
                          from webhook_subscriptions before
                         where s.id = :id and s.owner_id = :owner and before.id = s.id
                        returning before.throttle_per_second is distinct from s.throttle_per_second as changed,
                                  clock_timestamp() as at
                        """)
                .param("perSecond", perSecond)
                .param("id", hookId)
                .param("owner", ownerId)
                .query((rs, n) -> new RateChange(rs.getBoolean("changed"), Timestamps.read(rs, "at")))
                .optional();
        change.filter(RateChange::changed)
                .ifPresent(changed -> commands.write(new DeliveryCommand.ThrottleChanged(
                        TimeOrderedUuid.next(),
                        changed.at(),
                        requestId,
                        OwnerId.of(ownerId),
                        SubscriptionId.of(hookId),
                        perSecond)));
        return change.isPresent();
    }

    /** Whether an update of a throttle changed its rate, and when, by the database's clock. */
    private record RateChange(boolean changed, Instant at) {}
}
