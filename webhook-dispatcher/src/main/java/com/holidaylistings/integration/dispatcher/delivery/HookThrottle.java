package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Duration;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The throttle of a hook with {@code throttle_per_second}: deliveries to it start at most that many a
 * second, across all dispatcher replicas. It is one row per hook in PostgreSQL ({@code hook_throttles})
 * holding the earliest start the next delivery can have, a virtual scheduling time as in the generic
 * cell rate algorithm: each delivery reserves the later of that time and now, and moves it on by
 * {@code 1 / rate}. One conditional upsert per delivery, on the hook's own row, whatever the number of
 * replicas; a delivery whose start is later waits on its own row until then ({@link DeliveryTransitions#throttled}),
 * holding no capacity and using up no attempt, and starts then without reserving again. No burst
 * beyond one delivery is allowed: at 5 a second, 100 deliveries start over 20 seconds, evenly.
 */
@Repository
class HookThrottle {

    /** A start this close is taken as now: the lane would hand the delivery on no sooner. */
    static final Duration NOW_ENOUGH = Duration.ofMillis(20);

    private final JdbcClient jdbc;

    HookThrottle(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** When a delivery's start is, by the database's clock, and how long from now that is. */
    record Reservation(Instant startAt, Duration delay) {

        boolean startsNow() {
            return delay.compareTo(NOW_ENOUGH) <= 0;
        }
    }

    /** Reserves the next start of {@code hook}, which may start {@code perSecond} deliveries a second. */
    Reservation reserve(SubscriptionId hook, int perSecond) {
        return jdbc.sql("""
                        with step as (select make_interval(secs => 1.0 / :perSecond) as every)
                        insert into hook_throttles as t (subscription_id, next_start_at)
                        select :hook, clock_timestamp() + every from step
                        on conflict (subscription_id) do update
                           set next_start_at = greatest(t.next_start_at, clock_timestamp()) + (select every from step)
                        returning next_start_at - (select every from step) as start_at, clock_timestamp() as now
                        """)
                .param("hook", hook.value())
                .param("perSecond", perSecond)
                .query((rs, n) -> {
                    Instant start = rs.getTimestamp("start_at").toInstant();
                    Instant now = rs.getTimestamp("now").toInstant();
                    Duration wait = Duration.between(now, start);
                    return new Reservation(start, wait.isNegative() ? Duration.ZERO : wait);
                })
                .single();
    }
}
