package com.holidaylistings.integration.dispatcher.delivery;

import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Writes delivery attempts to PostgreSQL in batches: one insert per attempt would cap the
 * dispatcher at the database's commit rate. A caller's future completes once its attempt is
 * stored, so offsets are committed only after that. Transient database errors are retried here.
 */
@Component
class AttemptLog implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(AttemptLog.class);
    private static final int MAX_BATCH = 500;
    private static final String INSERT = """
            insert into delivery_attempts (subscription_id, enquiry_id, attempt, outcome, http_status, error,
                                           duration_ms, response_body, attempted_at, next_attempt_at)
            values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """;

    private record Pending(Attempt attempt, CompletableFuture<Void> stored) {}

    private final JdbcTemplate jdbc;
    private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final Retry retry = Retry.of("attempt-log", RetryConfig.custom()
            .maxAttempts(6)
            .intervalFunction(IntervalFunction.ofExponentialBackoff(Duration.ofMillis(100), 2.0, Duration.ofSeconds(3)))
            .build());
    private volatile boolean running;
    private Thread writer;

    AttemptLog(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    CompletableFuture<Void> record(Attempt attempt) {
        CompletableFuture<Void> stored = new CompletableFuture<>();
        queue.add(new Pending(attempt, stored));
        return stored;
    }

    private void writeBatches() {
        List<Pending> batch = new ArrayList<>(MAX_BATCH);
        while (running || !queue.isEmpty()) {
            try {
                Pending first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, MAX_BATCH - 1);
                write(batch);
                batch.forEach(pending -> pending.stored().complete(null));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                log.error("Could not store {} delivery attempts", batch.size(), e);
                batch.forEach(pending -> pending.stored().completeExceptionally(e));
            } finally {
                batch.clear();
            }
        }
    }

    private void write(List<Pending> batch) {
        retry.executeRunnable(() -> jdbc.batchUpdate(INSERT, batch, batch.size(), (statement, pending) -> {
            Attempt a = pending.attempt();
            statement.setObject(1, a.subscriptionId());
            statement.setObject(2, a.enquiryId());
            statement.setInt(3, a.number());
            statement.setString(4, a.outcome().value());
            statement.setObject(5, a.httpStatus());
            statement.setString(6, a.error());
            statement.setLong(7, a.durationMs());
            statement.setString(8, a.responseBody());
            statement.setTimestamp(9, Timestamp.from(a.attemptedAt()));
            statement.setTimestamp(10, a.nextAttemptAt() == null ? null : Timestamp.from(a.nextAttemptAt()));
        }));
    }

    @Override
    public void start() {
        running = true;
        writer = Thread.ofPlatform().name("attempt-log").start(this::writeBatches);
    }

    @Override
    public void stop() {
        running = false;
        try {
            writer.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Stops after the listeners, so that their last attempts are still stored. */
    @Override
    public int getPhase() {
        return Integer.MIN_VALUE + 1000;
    }
}
