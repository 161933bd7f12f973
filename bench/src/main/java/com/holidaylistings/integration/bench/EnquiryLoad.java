package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.stack.Api;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Guests' enquiries committed at a steady rate, open loop ({@link OpenLoop}), straight into the
 * database: the pipeline without the intake. Each enquiry is committed as api-service's intake commits it ({@link IntakeStatement}): the
 * enquiry row and its {@code enquiry.created} outbox row in one transaction, with the payload of the
 * specification.
 */
final class EnquiryLoad implements AutoCloseable {

    /** A property enquiries are about. */
    record Target(UUID ownerId, UUID propertyId) {}

    private final BlockingQueue<Connection> connections;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final Map<UUID, Long> scheduledAt = new ConcurrentHashMap<>();
    private final Map<UUID, Target> targets = new ConcurrentHashMap<>();
    private final Map<UUID, Long> committedAt = new ConcurrentHashMap<>();
    private final AtomicLong failures = new AtomicLong();

    EnquiryLoad(Db db, int connectionCount) throws SQLException {
        connections = new ArrayBlockingQueue<>(connectionCount);
        for (int i = 0; i < connectionCount; i++) {
            connections.add(db.connect());
        }
    }

    /**
     * Commits {@code perSecond} enquiries a second for {@code duration}, spread over
     * {@code targets} in turn; returns the ids committed, once all are.
     */
    List<UUID> run(List<Target> targets, int perSecond, Duration duration) {
        return run(targets, perSecond, perSecond * duration.toSeconds());
    }

    /** Commits {@code count} enquiries at {@code perSecond} a second; returns the ids committed. */
    List<UUID> run(List<Target> targets, int perSecond, long count) {
        return OpenLoop.run(
                threads,
                OpenLoop.firstDue(),
                List.of(new OpenLoop.Stretch(perSecond, count)),
                (index, due) -> {
                    Target target = targets.get((int) (index % targets.size()));
                    return () -> commit(target, due);
                },
                failures::incrementAndGet);
    }

    /** When (nanoTime) the enquiry was due to be sent. */
    long scheduledAt(UUID enquiryId) {
        return scheduledAt.get(enquiryId);
    }

    /** When (nanoTime) the enquiry's transaction had committed. */
    long committedAt(UUID enquiryId) {
        return committedAt.get(enquiryId);
    }

    /** The property the enquiry is about. */
    Target targetOf(UUID enquiryId) {
        return targets.get(enquiryId);
    }

    /** Enquiries that could not be committed (they are not counted as published). */
    long failures() {
        return failures.get();
    }

    @Override
    public void close() {
        threads.shutdownNow();
        connections.forEach(connection -> {
            try {
                connection.close();
            } catch (SQLException e) {
                // closing anyway
            }
        });
    }

    private UUID commit(Target target, long due) throws InterruptedException {
        UUID id = UUID.randomUUID();
        scheduledAt.put(id, due);
        targets.put(id, target);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        EnquiryCreated event = BenchEvents.enquiry(id, target.propertyId(), now);
        Connection connection = connections.take();
        try {
            IntakeStatement.insert(
                    connection,
                    target.ownerId(),
                    event,
                    UUID.randomUUID(),
                    Api.JSON.writeValueAsString(event),
                    "bench");
            committedAt.put(id, System.nanoTime());
            return id;
        } catch (SQLException e) {
            scheduledAt.remove(id);
            targets.remove(id);
            failures.incrementAndGet();
            return null;
        } finally {
            connections.add(connection);
        }
    }
}
