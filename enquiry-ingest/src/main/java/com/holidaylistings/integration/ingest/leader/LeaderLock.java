package com.holidaylistings.integration.ingest.leader;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A session-level PostgreSQL advisory lock on a connection of its own (not from a pool): held
 * while the session lives, released by PostgreSQL the moment the holder's process dies.
 */
class LeaderLock implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LeaderLock.class);
    private static final int CHECK_TIMEOUT_SECONDS = 3;

    private final String url;
    private final Properties credentials;
    private final long key;
    private Connection connection;
    private boolean held;

    LeaderLock(String url, String username, String password, long key) {
        this.url = url;
        this.credentials = new Properties();
        credentials.setProperty("user", username);
        credentials.setProperty("password", password == null ? "" : password);
        credentials.setProperty("ApplicationName", "enquiry-ingest leader lock");
        credentials.setProperty("connectTimeout", "5");
        credentials.setProperty("socketTimeout", "10");
        credentials.setProperty("tcpKeepAlive", "true");
        this.key = key;
    }

    /** Tries to take the lock; true if this process holds it now. Throws when PostgreSQL is unreachable. */
    boolean tryAcquire() throws SQLException {
        if (held) {
            return true;
        }
        if (connection == null || connection.isClosed()) {
            connection = DriverManager.getConnection(url, credentials);
        }
        try (PreparedStatement statement = connection.prepareStatement("select pg_try_advisory_lock(?)")) {
            statement.setLong(1, key);
            try (ResultSet result = statement.executeQuery()) {
                held = result.next() && result.getBoolean(1);
            }
        } catch (SQLException e) {
            close();
            throw e;
        }
        return held;
    }

    /** Whether the lock is still ours: false as soon as its session is gone. */
    boolean stillHeld() {
        if (!held) {
            return false;
        }
        try {
            if (connection.isValid(CHECK_TIMEOUT_SECONDS)) {
                return true;
            }
        } catch (SQLException e) {
            log.warn("Leader lock check failed", e);
        }
        log.warn("Lost the leader lock's session");
        close();
        return false;
    }

    @Override
    public void close() {
        held = false;
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                log.debug("Closing the leader lock connection", e);
            }
            connection = null;
        }
    }
}
