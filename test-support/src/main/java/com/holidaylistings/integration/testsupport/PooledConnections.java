package com.holidaylistings.integration.testsupport;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;

/**
 * The tests' own connections to their databases, pooled per connection details and shared by every
 * test of the run (a test class's context may come and go; its database stays). Few connections, none
 * kept while idle for long, so that tests which count or end other sessions see few of these.
 */
final class PooledConnections {

    private static final Map<TestPostgres.Connection, HikariDataSource> POOLS = new ConcurrentHashMap<>();

    private PooledConnections() {}

    static DataSource of(TestPostgres.Connection connection) {
        return POOLS.computeIfAbsent(connection, PooledConnections::pool);
    }

    private static HikariDataSource pool(TestPostgres.Connection connection) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("test-" + connection.username());
        config.setJdbcUrl(connection.jdbcUrl());
        config.setUsername(connection.username());
        config.setPassword(connection.password());
        config.setMaximumPoolSize(10);
        config.setMinimumIdle(0);
        config.setIdleTimeout(Duration.ofSeconds(10).toMillis());
        return new HikariDataSource(config);
    }
}
