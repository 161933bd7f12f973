package com.holidaylistings.integration.dispatcher.redelivery;

import com.holidaylistings.integration.events.delivery.DeliveryStatus;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Replays the dead letters: every abandoned delivery (of all subscriptions, or of one) is asked for
 * again, as an owner's redelivery asks for one: its row waits, due now, at stage 1 of the schedule,
 * and the row poller puts it on {@code webhook.deliveries} with the same webhook-id, its attempts
 * counting on. One statement; a delivery replayed is no longer abandoned, so a second replay takes
 * only deliveries abandoned since, and two replays at once take each delivery once.
 */
@Component
class DeadLetterReplay {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterReplay.class);

    /** What a replay did. */
    record Replayed(int replayed) {}

    private final JdbcClient jdbc;

    DeadLetterReplay(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Replays the abandoned deliveries, of all subscriptions or only of {@code subscriptionId}. */
    Replayed replay(@Nullable UUID subscriptionId) {
        int replayed = jdbc.sql("""
                        update deliveries set status = :waiting, next_attempt_at = now(), stage = 1, requested_at = now(),
                                              updated_at = now()
                         where status = :abandoned and (cast(:subscription as uuid) is null or subscription_id = :subscription)
                        """)
                .param("waiting", DeliveryStatus.WAITING.value())
                .param("abandoned", DeliveryStatus.ABANDONED.value())
                .param("subscription", subscriptionId)
                .update();
        log.info("Dead-letter replay{}: {} abandoned deliveries asked for again",
                subscriptionId == null ? "" : " of subscription " + subscriptionId, replayed);
        return new Replayed(replayed);
    }
}
