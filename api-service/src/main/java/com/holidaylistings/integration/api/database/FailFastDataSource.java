package com.holidaylistings.integration.api.database;

import java.net.ConnectException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * The pool behind a gate. While PostgreSQL is reachable it only passes calls on. Once the pool has
 * timed out because its connection attempts failed (not because every connection was busy), the
 * gate closes: for {@link #CLOSED_FOR} every request is refused at once, then one request at a time
 * probes the pool while the others are still refused, until a probe gets a connection. Without it,
 * every request waits out the pool's connection timeout during an outage, and the clients' retries
 * pile up in memory until the heap runs out (docs/operations/runbook.md, 4.11).
 */
final class FailFastDataSource extends DelegatingDataSource {

    /** How long every request is refused after a failed attempt, before the next probe. */
    static final Duration CLOSED_FOR = Duration.ofSeconds(1);

    /** The value of {@code closedAt} while the gate passes every call on. */
    private static final long OPEN = Long.MIN_VALUE;

    private final AtomicLong closedAt = new AtomicLong(OPEN);
    private final Semaphore probe = new Semaphore(1);

    FailFastDataSource(DataSource pool) {
        super(pool);
    }

    /** Whether requests are being refused without asking the pool. */
    boolean isClosed() {
        return closedAt.get() != OPEN;
    }

    @Override
    public Connection getConnection() throws SQLException {
        long closed = closedAt.get();
        if (closed == OPEN) {
            return attempt();
        }
        if (System.nanoTime() - closed < CLOSED_FOR.toNanos() || !probe.tryAcquire()) {
            throw unreachable();
        }
        try {
            return attempt();
        } finally {
            probe.release();
        }
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        throw new SQLException("only the pool's own credentials are used");
    }

    private Connection attempt() throws SQLException {
        try {
            Connection connection = super.getConnection();
            closedAt.set(OPEN);
            return connection;
        } catch (SQLException e) {
            if (serverUnreachable(e)) {
                closedAt.set(System.nanoTime());
            }
            throw e;
        }
    }

    /**
     * Hikari's timeout carries the last failed connection attempt as its cause when there was one;
     * a pool that timed out only because all its connections were busy has none.
     */
    private static boolean serverUnreachable(SQLException failure) {
        for (Throwable cause = failure.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException
                    || cause instanceof SQLException sql
                            && sql.getSQLState() != null
                            && (sql.getSQLState().startsWith("08")
                                    || sql.getSQLState().startsWith("57P"))) {
                return true;
            }
        }
        return false;
    }

    private static SQLException unreachable() {
        return new SQLTransientConnectionException(
                "PostgreSQL is unreachable: not waiting for a connection (the next attempt is due within "
                        + CLOSED_FOR.toMillis() + " ms)",
                "08001");
    }
}
