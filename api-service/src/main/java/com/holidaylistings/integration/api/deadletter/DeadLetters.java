package com.holidaylistings.integration.api.deadletter;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.command.CommandOutbox;
import com.holidaylistings.integration.api.quota.OwnerQuota;
import com.holidaylistings.integration.api.quota.OwnerQuotas;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * The dead letters are the abandoned deliveries' rows (the dead-letter topic is kept for audit and
 * other consumers, never read back). A replay is one {@link DeliveryCommand.ReplayDeadLetters}
 * written to the outbox with the request's filter and the time it was answered: webhook-dispatcher
 * asks each abandoned delivery that matches and was abandoned by then for again, as a redelivery does
 * (stage 1 of the retry schedule, its attempts counting on). The answer counts the abandoned rows that
 * match now; a delivery abandoned later is not replayed, however late the command is applied.
 *
 * <p>Each replay counts against a quota ({@link OwnerQuota#REPLAYS}): the owner's it names, else the
 * owner of the hook it names, else one quota shared by the replays that name neither (every owner's
 * dead letters at once).
 */
@Repository
class DeadLetters {

    private static final Logger log = LoggerFactory.getLogger(DeadLetters.class);

    /** The quota key of a replay that names no owner and no hook of one. */
    static final OwnerId EVERY_OWNER = OwnerId.of(new UUID(0, 0));

    private final JdbcClient jdbc;
    private final CommandOutbox commands;
    private final OwnerQuotas quotas;

    DeadLetters(JdbcClient jdbc, CommandOutbox commands, OwnerQuotas quotas) {
        this.jdbc = jdbc;
        this.commands = commands;
        this.quotas = quotas;
    }

    /** How many abandoned deliveries match, and the database's time of the count: the replay's cut-off. */
    private record Count(int matching, Instant at) {}

    /**
     * Asks for the abandoned deliveries that {@code request} names again, marked with the id of the
     * request that asked; returns how many match now. Only the filters given become conditions, so
     * that the count is a range of the partial index of abandoned rows in the partitions {@code since}
     * leaves.
     */
    @Transactional
    int replay(ReplayRequest request, String requestId) {
        quotas.take(quotaKey(request), OwnerQuota.REPLAYS);
        // A test event is never retried, so it is never a dead letter to replay.
        StringBuilder where = new StringBuilder("status = :abandoned and not test");
        Map<String, Object> params = new HashMap<>();
        params.put("abandoned", DeliveryStatus.ABANDONED.value());
        request.owner().ifPresent(owner -> {
            where.append(" and owner_id = :owner");
            params.put("owner", owner.value());
        });
        request.hook().ifPresent(hook -> {
            where.append(" and subscription_id = :hook");
            params.put("hook", hook.value());
        });
        request.since().ifPresent(since -> {
            where.append(" and submitted_at >= :since");
            params.put("since", since.atOffset(ZoneOffset.UTC));
        });
        // The database's clock, the one the dispatcher stamps a delivery's abandonment with (updated_at).
        Count count = jdbc.sql("select count(*) as matching, clock_timestamp() as at from deliveries where %s"
                        .formatted(where))
                .params(params)
                .query((rs, n) -> new Count(
                        rs.getInt("matching"),
                        rs.getObject("at", OffsetDateTime.class).toInstant()))
                .single();
        commands.write(new DeliveryCommand.ReplayDeadLetters(
                TimeOrderedUuid.next(),
                count.at(),
                requestId,
                request.owner().orElse(null),
                request.hook().orElse(null),
                request.since().orElse(null)));
        log.info(
                "Dead-letter replay (owner {}, hook {}, since {}): {} abandoned deliveries asked for again",
                request.owner().map(OwnerId::toString).orElse("any"),
                request.hook().map(SubscriptionId::toString).orElse("any"),
                request.since().map(Object::toString).orElse("any time"),
                count.matching());
        return count.matching();
    }

    /** Whose quota a replay counts against: the owner it names, else its hook's owner, else every owner's. */
    private OwnerId quotaKey(ReplayRequest request) {
        if (request.owner().isPresent()) {
            return request.owner().get();
        }
        return request.hook()
                .flatMap(hook -> jdbc.sql("select owner_id from webhook_subscriptions where id = :hook")
                        .param("hook", hook.value())
                        .query(UUID.class)
                        .optional())
                .map(OwnerId::of)
                .orElse(EVERY_OWNER);
    }
}
