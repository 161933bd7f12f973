package com.holidaylistings.integration.dispatcher.delivery;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
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
 * later.
 */
@Component
class ParkingLot extends BatchingComponent {

    private static final Logger log = LoggerFactory.getLogger(ParkingLot.class);
    private static final int MAX_BATCH = 500;
    private static final Executor A_SECOND_LATER = CompletableFuture.delayedExecutor(1, TimeUnit.SECONDS);
    private static final String PARK = """
            update deliveries set status = 'waiting', next_attempt_at = ?, updated_at = now()
             where webhook_id = ? and submitted_at = ? and status = 'pending' and attempts = ?
            """;

    private final Batches<DeliveryTask, Void> writer;

    ParkingLot(JdbcTemplate jdbc) {
        this.writer = Batches.writer("parking-lot", MAX_BATCH, tasks -> park(jdbc, tasks));
    }

    void park(DeliveryTask task, Runnable then) {
        writer.submit(task).whenComplete((parked, error) -> {
            if (error == null) {
                then.run();
            } else {
                A_SECOND_LATER.execute(() -> park(task, then));
            }
        });
    }

    private static void park(JdbcTemplate jdbc, List<DeliveryTask> tasks) {
        long started = System.nanoTime();
        Timestamp now = Timestamp.from(Instant.now());
        int[][] parked = jdbc.batchUpdate(PARK, tasks, tasks.size(), (statement, task) -> {
            statement.setTimestamp(1, now);
            statement.setString(2, task.webhookId());
            statement.setTimestamp(3, Timestamp.from(task.submittedAt()));
            statement.setInt(4, task.attempt() - 1);
        });
        if (log.isDebugEnabled()) {
            log.debug("Parked {} deliveries in {} ms", tasks.size(), (System.nanoTime() - started) / 1_000_000);
            for (int i = 0; i < tasks.size(); i++) {
                if (parked[0][i] == 0) {
                    log.debug("Delivery {} not parked for attempt {}: its row is no longer pending that attempt",
                            tasks.get(i).webhookId(), tasks.get(i).attempt());
                }
            }
        }
    }

    @Override
    protected Batches<?, ?> batches() {
        return writer;
    }
}
