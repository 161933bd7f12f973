package com.holidaylistings.integration.testsupport;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * One real PostgreSQL 15 per test JVM, with logical WAL as production has it: a Testcontainers
 * container where Docker runs, otherwise the embedded PostgreSQL binaries. The same tests run on
 * both. It stops when the JVM exits.
 */
public final class TestPostgres {

    private static final Logger log = LoggerFactory.getLogger(TestPostgres.class);
    private static final String DATABASE = "owner_integration";
    private static final String USER = "owner_integration";
    private static final String PASSWORD = "owner_integration";
    private static Connection shared;

    /** How to reach the shared database. */
    public record Connection(String jdbcUrl, String username, String password) {}

    private TestPostgres() {}

    public static synchronized Connection connection() {
        if (shared == null) {
            shared = DockerClientFactory.instance().isDockerAvailable() ? startContainer() : startEmbedded();
        }
        return shared;
    }

    private static Connection startContainer() {
        PostgreSQLContainer container = new PostgreSQLContainer("postgres:15-alpine")
                .withDatabaseName(DATABASE)
                .withUsername(USER)
                .withPassword(PASSWORD)
                .withCommand("postgres", "-c", "wal_level=logical", "-c", "max_wal_senders=10",
                        "-c", "max_replication_slots=10", "-c", "fsync=off");
        container.start();
        log.info("PostgreSQL container at {}", container.getJdbcUrl());
        return new Connection(container.getJdbcUrl(), USER, PASSWORD);
    }

    private static Connection startEmbedded() {
        try {
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    .setServerConfig("wal_level", "logical")
                    .setServerConfig("max_wal_senders", "10")
                    .setServerConfig("max_replication_slots", "10")
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("fsync", "off")
                    .setServerConfig("max_connections", "300")
                    .start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> close(postgres)));
            try (var admin = postgres.getPostgresDatabase().getConnection(); Statement sql = admin.createStatement()) {
                sql.execute("create user " + USER + " with superuser password '" + PASSWORD + "'");
                sql.execute("create database " + DATABASE + " owner " + USER);
            }
            String url = "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + DATABASE;
            log.info("Embedded PostgreSQL at {}", url);
            return new Connection(url, USER, PASSWORD);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start embedded PostgreSQL", e);
        } catch (SQLException e) {
            throw new IllegalStateException("Could not prepare the test database", e);
        }
    }

    private static void close(EmbeddedPostgres postgres) {
        try {
            postgres.close();
        } catch (IOException e) {
            log.warn("Could not stop embedded PostgreSQL", e);
        }
    }
}
