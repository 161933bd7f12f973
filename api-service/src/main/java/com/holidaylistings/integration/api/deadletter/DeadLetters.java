package com.holidaylistings.integration.api.deadletter;

import com.holidaylistings.integration.events.delivery.DeliveryStatus;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The dead letters are the abandoned deliveries' rows (the dead-letter topic is kept for audit and
 * other consumers, never read back). Replaying asks for them again as a redelivery does: each row
 * waits, due now, at stage 1 of the retry schedule, and webhook-dispatcher's row poller puts it on
 * {@code webhook.deliveries} with its webhook-id, its attempts counting on. One statement; a delivery
 * replayed is no longer abandoned, so a second replay takes only those abandoned since, and two
 * replays at once take each delivery once.
 */
@Repository
class DeadLetters {

    private static final Logger log = LoggerFactory.getLogger(DeadLetters.class);

    private final JdbcClient jdbc;

    DeadLetters(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Replays the abandoned deliveries that {@code request} names, marked with the id of the request
     * that asked; returns how many. Only the filters given become conditions, so that the statement
     * is a range of the partial index of abandoned rows in the partitions {@code since} leaves.
     */
    int replay(ReplayRequest request, String requestId) {
        // A test event is never retried, so it is never a dead letter to replay.
        StringBuilder where = new StringBuilder("status = :abandoned and not test");
        Map<String, Object> params = new HashMap<>();
        params.put("abandoned", DeliveryStatus.ABANDONED.value());
        params.put("waiting", DeliveryStatus.WAITING.value());
        params.put("request", requestId);
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
        int replayed = jdbc.sql("""
                        update deliveries
                           set status = :waiting, stage = 1, next_attempt_at = now(), requested_at = now(),
                               request_id = :request, updated_at = now()
                         where %s
                        """.formatted(where))
                .params(params)
                .update();
        log.info("Dead-letter replay (owner {}, hook {}, since {}): {} abandoned deliveries asked for again",
                request.owner().map(Object::toString).orElse("any"), request.hook().map(Object::toString).orElse("any"),
                request.since().map(Object::toString).orElse("any time"), replayed);
        return replayed;
    }
}
