package com.holidaylistings.integration.dispatcher.delivery;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Parks the deliveries whose owner's lane is full on their rows ({@code waiting}, due now), in
 * batches from one thread: one statement for up to 500 rows, so that a burst of one owner's
 * deliveries costs a few statements and no thread per delivery. Each record is acknowledged once its
 * row is parked; a batch that fails is tried again.
 */
@Component
class ParkingLot implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ParkingLot.class);
    private static final int MAX_BATCH = 500;
    private static final String PARK = """
            update deliveries set status = 'waiting', next_attempt_at = ?, updated_at = now()
             where webhook_id = ? and submitted_at = ? and status = 'pending' and attempts = ?
            """;

    /** A delivery to park, and what to do once it is parked. */
    record Parked(DeliveryTask task, ConsumerRecord<String, String> record, Runnable then) {}

    private final JdbcTemplate jdbc;
    private final BlockingQueue<Parked> queue = new LinkedBlockingQueue<>();
    private volatile boolean running;
    private Thread parker;

    ParkingLot(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void park(DeliveryTask task, ConsumerRecord<String, String> record, Runnable then) {
        queue.add(new Parked(task, record, then));
    }

    private void parkBatches() {
        List<Parked> batch = new ArrayList<>(MAX_BATCH);
        while (running || !queue.isEmpty()) {
            try {
                Parked first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, MAX_BATCH - 1);
                Timestamp now = Timestamp.from(Instant.now());
                jdbc.batchUpdate(PARK, batch, batch.size(), (statement, parked) -> {
                    statement.setTimestamp(1, now);
                    statement.setString(2, parked.task().webhookId());
                    statement.setTimestamp(3, Timestamp.from(parked.task().submittedAt()));
                    statement.setInt(4, parked.task().attempt() - 1);
                });
                batch.forEach(parked -> parked.then().run());
                batch.clear();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                log.warn("Could not park {} deliveries on their rows; trying again: {}", batch.size(), e.getMessage());
                queue.addAll(batch);
                batch.clear();
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    @Override
    public void start() {
        running = true;
        parker = Thread.ofPlatform().name("parking-lot").start(this::parkBatches);
    }

    @Override
    public void stop() {
        running = false;
        try {
            parker.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Stops after the listeners, like the attempt log. */
    @Override
    public int getPhase() {
        return Integer.MIN_VALUE + 1000;
    }
}
