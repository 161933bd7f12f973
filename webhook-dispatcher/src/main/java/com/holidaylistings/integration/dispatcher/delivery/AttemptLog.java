package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.dispatcher.operational.OperationalOutbox;
import com.holidaylistings.integration.dispatcher.operational.StoredAttempt;
import io.github.resilience4j.retry.Retry;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes delivery attempts to PostgreSQL in batches: one insert per attempt would cap the
 * dispatcher at the database's commit rate. A caller's future completes once its attempt is
 * stored, so offsets are committed only after that. Transient database errors are retried here.
 * A failed or abandoned attempt also keeps its delivery record in {@code failed_deliveries}, in
 * the same transaction, so that it can be delivered again on request; successes cost nothing more.
 * In the same transaction again, {@link OperationalOutbox} applies what the batch changes about its
 * hooks (failing, recovered, unsubscribed by a 410, a delivery abandoned) and writes the operational
 * events announcing it: an attempt is never stored without them, nor they without it.
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
    // Keeps the latest failure.
    private static final String KEEP_FAILED = """
            insert into failed_deliveries (subscription_id, enquiry_id, delivery, failed_at)
            values (?, ?, cast(? as json), ?)
            on conflict (subscription_id, enquiry_id) do update
               set delivery = excluded.delivery, failed_at = excluded.failed_at
             where failed_deliveries.failed_at <= excluded.failed_at
            """;

    private record Pending(Attempt attempt, String delivery, CompletableFuture<Void> stored) {

        boolean failed() {
            return attempt.outcome().isFailure();
        }
    }

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final BlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final Retry retry;
    private final OperationalOutbox operational;
    private volatile boolean running;
    private Thread writer;

    AttemptLog(JdbcTemplate jdbc, TransactionTemplate transaction, WebhookProperties properties,
            OperationalOutbox operational) {
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.operational = operational;
        this.retry = properties.attemptLogRetry().toRetry("attempt-log");
    }

    /** Stores the attempt; {@code delivery} is the record value attempted, kept if the attempt failed. */
    CompletableFuture<Void> record(Attempt attempt, String delivery) {
        CompletableFuture<Void> stored = new CompletableFuture<>();
        queue.add(new Pending(attempt, delivery, stored));
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
        List<Pending> failures = latestFailures(batch);
        retry.executeRunnable(() -> transaction.executeWithoutResult(status -> {
            insertAttempts(batch);
            if (!failures.isEmpty()) {
                jdbc.batchUpdate(KEEP_FAILED, failures, failures.size(), (statement, pending) -> {
                    Attempt a = pending.attempt();
                    statement.setObject(1, a.subscription().value());
                    statement.setObject(2, a.enquiry().value());
                    statement.setString(3, pending.delivery());
                    statement.setTimestamp(4, Timestamp.from(a.attemptedAt()));
                });
            }
            operational.afterAttemptsStored(jdbc, batch.stream().map(Pending::attempt)
                    .map(a -> new StoredAttempt(a.subscription(), a.enquiry(), a.number(), a.outcome(), a.attemptedAt()))
                    .toList());
        }));
    }

    /**
     * One failure per delivery (an upsert may not touch a row twice in one statement), in key
     * order, so that concurrent writers lock the rows in the same order.
     */
    private static List<Pending> latestFailures(List<Pending> batch) {
        Map<List<UUID>, Pending> latest = new HashMap<>();
        for (Pending pending : batch) {
            if (pending.failed() && pending.delivery() != null) {
                latest.merge(List.of(pending.attempt().subscription().value(), pending.attempt().enquiry().value()), pending,
                        (earlier, later) -> later.attempt().attemptedAt().isBefore(earlier.attempt().attemptedAt())
                                ? earlier : later);
            }
        }
        return latest.values().stream()
                .sorted(Comparator.comparing((Pending pending) -> pending.attempt().subscription().value())
                        .thenComparing(pending -> pending.attempt().enquiry().value()))
                .toList();
    }

    private void insertAttempts(List<Pending> batch) {
        jdbc.batchUpdate(INSERT, batch, batch.size(), (statement, pending) -> {
            Attempt a = pending.attempt();
            statement.setObject(1, a.subscription().value());
            statement.setObject(2, a.enquiry().value());
            statement.setInt(3, a.number());
            statement.setString(4, a.outcome().value());
            statement.setObject(5, a.httpStatus());
            statement.setString(6, a.error());
            statement.setLong(7, a.durationMs());
            statement.setString(8, a.responseBody());
            statement.setTimestamp(9, Timestamp.from(a.attemptedAt()));
            statement.setTimestamp(10, a.nextAttemptAt() == null ? null : Timestamp.from(a.nextAttemptAt()));
        });
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
