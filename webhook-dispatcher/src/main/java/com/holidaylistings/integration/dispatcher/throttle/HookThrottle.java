package com.holidaylistings.integration.dispatcher.throttle;

import com.holidaylistings.integration.dispatcher.SqlArrays;
import com.holidaylistings.integration.dispatcher.batching.Batches;
import com.holidaylistings.integration.dispatcher.batching.BatchingComponent;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.sql.Array;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The throttle of a hook with {@code throttle_per_second}: deliveries to it start at most that many a
 * second, across all dispatcher replicas. It is one row per hook in PostgreSQL ({@code hook_throttles})
 * holding the earliest start the next delivery can have, a virtual scheduling time as in the generic
 * cell rate algorithm: each delivery reserves the later of that time and now, and moves it on by
 * {@code 1 / rate}. A delivery whose start is later waits on its own row until then
 * ({@link com.holidaylistings.integration.dispatcher.transition.DeliveryTransitions#throttled}), holding no capacity and using up no attempt, and starts
 * then without reserving again. No burst beyond one delivery is allowed: at 5 a second, 100
 * deliveries start over 20 seconds, evenly. The row keeps the rate it was reserved at; a new rate
 * starts again from now (api-service releases the deliveries waiting for the old rate's starts).
 *
 * <p>Reservations are made in batches ({@link Batches}): the deliveries that ask while one batch is
 * being reserved are reserved together, n starts of a hook in one upsert of its row, all hooks in
 * one statement, in the order of their ids (as every replica locks them). One commit per delivery on
 * one hot row would serialise a burst and hold its owner's lane slots meanwhile, slowing the owner's
 * other hooks.
 */
@Repository
public class HookThrottle extends BatchingComponent {

    /** A start this close is taken as now: the lane would hand the delivery on no sooner. */
    static final Duration NOW_ENOUGH = Duration.ofMillis(20);

    private static final int MAX_BATCH = 500;
    // now() is the statement's one clock: the rows start from it, and the waits are measured from it. A
    // row reserved at another rate (the owner changed it) starts again from now.
    private static final String RESERVE = """
            insert into hook_throttles as t (subscription_id, next_start_at, per_second)
            select hook, now() + make_interval(secs => starts::float8 / per_second), per_second
              from unnest(?::uuid[], ?::int[], ?::int[]) as a(hook, starts, per_second)
            on conflict (subscription_id) do update
               set next_start_at = case when t.per_second = excluded.per_second then greatest(t.next_start_at, now()) else now() end
                                   + (excluded.next_start_at - now()),
                   per_second = excluded.per_second
            returning subscription_id, next_start_at, now() as now
            """;

    /** When a delivery's start is, by the database's clock, and how long from now that is. */
    public record Reservation(Instant startAt, Duration delay) {

        public boolean startsNow() {
            return delay.compareTo(NOW_ENOUGH) <= 0;
        }
    }

    /** A delivery's request for a start of {@code hook}, which may start {@code perSecond} a second. */
    private record Request(SubscriptionId hook, int perSecond) {}

    private final JdbcTemplate jdbc;
    private final Batches<Request, Reservation> reservations;

    HookThrottle(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
        this.reservations = new Batches<>("throttle-reservations", MAX_BATCH, this::reserveAll);
    }

    /** Reserves the next start of {@code hook}, which may start {@code perSecond} deliveries a second. */
    public Reservation reserve(SubscriptionId hook, int perSecond) {
        try {
            return reservations.submit(new Request(hook, perSecond)).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    /** The starts of {@code requests}, in their order: a hook's are consecutive, in the order asked. */
    private List<Reservation> reserveAll(List<Request> requests) {
        Map<UUID, List<Integer>> byHook = new TreeMap<>();
        Map<UUID, Integer> perSecond = new HashMap<>();
        for (int i = 0; i < requests.size(); i++) {
            Request request = requests.get(i);
            byHook.computeIfAbsent(request.hook().value(), hook -> new ArrayList<>())
                    .add(i);
            perSecond.put(request.hook().value(), request.perSecond()); // the rate as the latest request read it
        }
        List<UUID> hooks = List.copyOf(byHook.keySet());
        Array ids = SqlArrays.of(jdbc, "uuid", hooks.toArray());
        Array starts =
                SqlArrays.column(jdbc, "int4", hooks, hook -> byHook.get(hook).size());
        Array rates = SqlArrays.column(jdbc, "int4", hooks, perSecond::get);
        List<Reservation> reserved = new ArrayList<>(java.util.Collections.nCopies(requests.size(), null));
        jdbc.query(
                RESERVE,
                (ResultSet rs) -> {
                    UUID hook = rs.getObject("subscription_id", UUID.class);
                    Instant now = rs.getTimestamp("now").toInstant();
                    Duration step = Duration.ofNanos(Math.round(1e9 / perSecond.get(hook)));
                    List<Integer> asked = byHook.get(hook);
                    Instant first = rs.getTimestamp("next_start_at").toInstant().minus(step.multipliedBy(asked.size()));
                    for (int k = 0; k < asked.size(); k++) {
                        Instant start = first.plus(step.multipliedBy(k));
                        Duration delay = Duration.between(now, start);
                        reserved.set(asked.get(k), new Reservation(start, delay.isNegative() ? Duration.ZERO : delay));
                    }
                },
                ids,
                starts,
                rates);
        return reserved;
    }

    @Override
    protected Batches<?, ?> batches() {
        return reservations;
    }
}
