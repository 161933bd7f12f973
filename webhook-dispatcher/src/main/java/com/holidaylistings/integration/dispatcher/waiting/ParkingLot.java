package com.holidaylistings.integration.dispatcher.waiting;

import com.holidaylistings.integration.dispatcher.SqlArrays;
import com.holidaylistings.integration.dispatcher.batching.Batches;
import com.holidaylistings.integration.dispatcher.batching.BatchingComponent;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Parks the deliveries whose owner's lane is full on their rows ({@code waiting}, due now), in
 * batches from one thread ({@link Batches}): one statement for up to 500 rows, so that a burst of
 * one owner's deliveries costs a few statements and no thread per delivery. What to do once a
 * delivery is parked (acknowledge its record) runs then; a batch that fails is tried again a second
 * later. At most {@link #MAX_QUEUED} wait to be parked: past that the consumer that hands one over
 * waits for room, so that a database that falls behind slows the reading of records (every owner's
 * alike, the process being out of room) instead of filling the heap with records read ahead.
 */
@Component
public class ParkingLot extends BatchingComponent {

    private static final Logger log = LoggerFactory.getLogger(ParkingLot.class);
    private static final int MAX_BATCH = 500;
    static final int MAX_QUEUED = 1_000;
    /**
     * What follows a parking runs on a virtual thread of its own, not on the batch's: it may hand over
     * another delivery to park (a record that waited for this one), and the batch's thread waiting for
     * room in its own queue would wait forever.
     */
    private static final Executor AFTERWARDS = command -> Thread.ofVirtual().name("parked").start(command);
    private static final Executor A_SECOND_LATER = CompletableFuture.delayedExecutor(1, TimeUnit.SECONDS, AFTERWARDS);
    // One statement for the whole batch, each row found by its key and parked only if it is still
    // pending the attempt its record was for; and the rows still pending an earlier attempt (the
    // attempt before is not stored yet), read in the same snapshot, before the update.
    private static final String PARK = """
            with k as (
                select * from unnest(?::text[], ?::timestamptz[], ?::int[]) as k(webhook_id, submitted_at, attempts)
            ), parked as (
                update deliveries d set status = 'waiting', next_attempt_at = now(), updated_at = now()
                  from k
                 where d.webhook_id = k.webhook_id and d.submitted_at = k.submitted_at
                   and d.status = 'pending' and d.attempts = k.attempts
                returning d.webhook_id
            )
            select webhook_id, true as parked from parked
            union all
            select d.webhook_id, false from deliveries d join k
                on d.webhook_id = k.webhook_id and d.submitted_at = k.submitted_at
             where d.status = 'pending' and d.attempts < k.attempts
            """;

    /** What became of a delivery handed over to be parked. */
    public enum Parked {
        /** It waits on its row. */
        PARKED,
        /** Its row had moved on (a copy of an attempt made, or it was parked or asked for again meanwhile): nothing to do. */
        MOVED_ON,
        /** Its row is still pending the attempt before (not stored yet): not parked, to be handed over again a little later. */
        BEHIND
    }

    private final Batches<DeliveryTask, Parked> writer;

    ParkingLot(JdbcTemplate jdbc, MeterRegistry meters) {
        Counter parked = ParkedDeliveries.counter(meters, ParkedDeliveries.AT_LANE);
        this.writer = Batches.bounded("parking-lot", MAX_BATCH, MAX_QUEUED, tasks -> {
            List<Parked> results = park(jdbc, tasks);
            parked.increment(results.stream().filter(result -> result == Parked.PARKED).count());
            return results;
        });
    }

    /** Parks {@code task}'s delivery; {@code then} is told what became of it. */
    public void park(DeliveryTask task, Consumer<Parked> then) {
        writer.submit(task).whenCompleteAsync((result, error) -> {
            if (error == null) {
                then.accept(result);
            } else {
                A_SECOND_LATER.execute(() -> park(task, then));
            }
        }, AFTERWARDS);
    }

    /** Parks those of {@code tasks} still pending the attempt their record was for; what became of each. */
    private static List<Parked> park(JdbcTemplate jdbc, List<DeliveryTask> tasks) {
        long started = System.nanoTime();
        Map<String, Parked> found = new HashMap<>();
        jdbc.query(PARK, (ResultSet rs) -> {
            found.put(rs.getString("webhook_id"), rs.getBoolean("parked") ? Parked.PARKED : Parked.BEHIND);
        }, SqlArrays.column(jdbc, "text", tasks, DeliveryTask::webhookId),
                SqlArrays.column(jdbc, "timestamptz", tasks, task -> Timestamp.from(task.submittedAt())),
                SqlArrays.column(jdbc, "int4", tasks, task -> task.attempt() - 1));
        List<Parked> results = tasks.stream().map(task -> found.getOrDefault(task.webhookId(), Parked.MOVED_ON)).toList();
        if (log.isDebugEnabled()) {
            log.debug("Parked {} of {} deliveries in {} ms", results.stream().filter(r -> r == Parked.PARKED).count(),
                    tasks.size(), (System.nanoTime() - started) / 1_000_000);
            for (int i = 0; i < tasks.size(); i++) {
                if (results.get(i) != Parked.PARKED) {
                    log.debug("Delivery {} not parked for attempt {}: {}", tasks.get(i).webhookId(), tasks.get(i).attempt(),
                            results.get(i) == Parked.BEHIND ? "its row is still pending the attempt before"
                                    : "its row is no longer pending that attempt");
                }
            }
        }
        return results;
    }

    @Override
    protected Batches<?, ?> batches() {
        return writer;
    }
}
