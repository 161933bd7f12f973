package com.holidaylistings.integration.api.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.PrintWriter;
import java.lang.reflect.Proxy;
import java.net.ConnectException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

class FailFastDataSourceTest {

    /** A pool whose server is reachable or not, counting the calls that reach it. */
    static final class Pool implements DataSource {

        volatile boolean reachable = true;
        volatile boolean busy;
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public Connection getConnection() throws SQLException {
            calls.incrementAndGet();
            if (busy) {
                throw new SQLTransientConnectionException(
                        "HikariPool-1 - Connection is not available, request timed out");
            }
            if (!reachable) {
                throw new SQLTransientConnectionException(
                        "HikariPool-1 - Connection is not available, request timed out",
                        "08001",
                        new SQLException("Connection to 127.0.0.1:15432 refused", "08001", new ConnectException()));
            }
            return (Connection) Proxy.newProxyInstance(
                    getClass().getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> null);
        }

        @Override
        public Connection getConnection(String username, String password) throws SQLException {
            return getConnection();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {}

        @Override
        public void setLoginTimeout(int seconds) {}

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
    }

    private final Pool pool = new Pool();
    private final FailFastDataSource gate = new FailFastDataSource(pool);

    @Test
    void passesCallsOnWhileTheServerIsReachable() throws SQLException {
        assertThat(gate.getConnection()).isNotNull();
        assertThat(gate.getConnection()).isNotNull();

        assertThat(pool.calls).hasValue(2);
        assertThat(gate.isClosed()).isFalse();
    }

    @Test
    void refusesAtOnceWithoutAskingThePoolOnceTheServerWasUnreachable() {
        pool.reachable = false;
        assertThatThrownBy(gate::getConnection).isInstanceOf(SQLTransientConnectionException.class);

        assertThatThrownBy(gate::getConnection)
                .isInstanceOfSatisfying(
                        SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("08001"));
        assertThatThrownBy(gate::getConnection).isInstanceOf(SQLTransientConnectionException.class);

        assertThat(pool.calls).as("calls that reached the pool").hasValue(1);
        assertThat(gate.isClosed()).isTrue();
    }

    @Test
    void probesThePoolAgainAfterAWhileAndPassesEverythingOnceAProbeSucceeds() {
        pool.reachable = false;
        assertThatThrownBy(gate::getConnection).isInstanceOf(SQLException.class);
        pool.reachable = true;

        await().atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(100))
                .ignoreExceptions()
                .until(() -> gate.getConnection() != null);

        assertThat(gate.isClosed()).isFalse();
    }

    @Test
    void staysOpenWhenThePoolTimedOutOnlyBecauseItWasBusy() {
        pool.busy = true;
        assertThatThrownBy(gate::getConnection).isInstanceOf(SQLTransientConnectionException.class);
        assertThatThrownBy(gate::getConnection).isInstanceOf(SQLTransientConnectionException.class);

        assertThat(pool.calls).hasValue(2);
        assertThat(gate.isClosed()).isFalse();
    }
}
