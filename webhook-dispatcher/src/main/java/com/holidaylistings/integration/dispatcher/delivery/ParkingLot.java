package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.dispatcher.SqlArrays;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Timestamp;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
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
class ParkingLot extends BatchingComponent {

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
    // pending the attempt its record was for.
    private static final String PARK = """
            update deliveries d set status = 'waiting', next_attempt_at = now(), updated_at = now()
              from unnest(?::text[], ?::timestamptz[], ?::int[]) as k(webhook_id, submitted_at, attempts)
             where d.webhook_id = k.webhook_id and d.submitted_at = k.submitted_at
               and d.status = 'pending' and d.attempts = k.attempts
            returning d.webhook_id
            """;

    private final Batches<DeliveryTask, Void> writer;

    ParkingLot(JdbcTemplate jdbc, MeterRegistry meters) {
        Counter parked = Counter.builder("webhook.delivery.parked")
                .description("Deliveries parked on their rows because their owner's lane here was full")
                .register(meters);
        this.writer = Batches.writer("parking-lot", MAX_BATCH, MAX_QUEUED, tasks -> parked.increment(park(jdbc, tasks)));
    }

    void park(DeliveryTask task, Runnable then) {
        writer.submit(task).whenCompleteAsync((parked, error) -> {
            if (error == null) {
                then.run();
            } else {
                A_SECOND_LATER.execute(() -> park(task, then));
            }
        }, AFTERWARDS);
    }

    /** Parks those of {@code tasks} still pending the attempt their record was for; returns how many. */
    private static int park(JdbcTemplate jdbc, List<DeliveryTask> tasks) {
        long started = System.nanoTime();
        Object[] webhookIds = tasks.stream().map(DeliveryTask::webhookId).toArray();
        Object[] submittedAt = tasks.stream().map(task -> Timestamp.from(task.submittedAt())).toArray();
        Object[] attempts = tasks.stream().map(task -> task.attempt() - 1).toArray();
        List<String> parkedIds = jdbc.queryForList(PARK, String.class, SqlArrays.of(jdbc, "text", webhookIds),
                SqlArrays.of(jdbc, "timestamptz", submittedAt), SqlArrays.of(jdbc, "int4", attempts));
        if (log.isDebugEnabled()) {
            log.debug("Parked {} of {} deliveries in {} ms", parkedIds.size(), tasks.size(), (System.nanoTime() - started) / 1_000_000);
            Set<String> parked = Set.copyOf(parkedIds);
            tasks.stream().filter(task -> !parked.contains(task.webhookId())).forEach(task -> log.debug(
                    "Delivery {} not parked for attempt {}: its row is no longer pending that attempt",
                    task.webhookId(), task.attempt()));
        }
        return parkedIds.size();
    }

    @Override
    protected Batches<?, ?> batches() {
        return writer;
    }
}
