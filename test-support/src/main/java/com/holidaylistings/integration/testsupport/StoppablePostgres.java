package com.holidaylistings.integration.testsupport;

import com.holidaylistings.integration.stack.ServiceJars;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PostgreSQL 15 server of one test's own, from the embedded binaries (with or without Docker),
 * that the test stops and starts again on the same port and data, as an outage does. The shared
 * {@link TestPostgres} stays up for every other test meanwhile.
 */
public final class StoppablePostgres implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(StoppablePostgres.class);
    private static final String DATABASE = "owner_integration";
    private static final String USER = "owner_integration";
    private static final String PASSWORD = "owner_integration";

    private final Path directory;
    private final int port;
    private EmbeddedPostgres server;

    private StoppablePostgres(Path directory, int port) {
        this.directory = directory;
        this.port = port;
    }

    /** A new, empty server with the database and user of {@link TestPostgres}. */
    public static StoppablePostgres start() {
        try {
            StoppablePostgres postgres =
                    new StoppablePostgres(Files.createTempDirectory("stoppable-postgres"), ServiceJars.freePort());
            postgres.server = postgres.startServer();
            Runtime.getRuntime().addShutdownHook(new Thread(postgres::stop));
            try (var admin = postgres.server.getPostgresDatabase().getConnection();
                    Statement sql = admin.createStatement()) {
                sql.execute("create user " + USER + " with superuser password '" + PASSWORD + "'");
                sql.execute("create database " + DATABASE + " owner " + USER);
                TestPostgres.createServiceRoles(sql);
            }
            log.info("Stoppable PostgreSQL at {}", postgres.connection().jdbcUrl());
            return postgres;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start a stoppable PostgreSQL", e);
        } catch (SQLException e) {
            throw new IllegalStateException("Could not prepare the stoppable PostgreSQL", e);
        }
    }

    public TestPostgres.Connection connection() {
        return new TestPostgres.Connection("jdbc:postgresql://localhost:" + port + "/" + DATABASE, USER, PASSWORD);
    }

    /** Stops the server (fast shutdown: clients are disconnected); its port refuses connections until {@link #resume()}. */
    public synchronized void stop() {
        if (server != null) {
            close(server);
            server = null;
        }
    }

    /** Starts the stopped server again on the same port and data. */
    public synchronized void resume() {
        if (server == null) {
            try {
                server = startServer();
            } catch (IOException e) {
                throw new UncheckedIOException("Could not start the stoppable PostgreSQL again", e);
            }
        }
    }

    @Override
    public synchronized void close() {
        stop();
        try (var paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            log.warn("Could not delete {}", directory, e);
        }
    }

    private EmbeddedPostgres startServer() throws IOException {
        return EmbeddedPostgres.builder()
                .setDataDirectory(directory)
                .setCleanDataDirectory(false)
                .setPort(port)
                .setRegisterShutdownHook(false)
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("fsync", "off")
                .start();
    }

    private static void close(EmbeddedPostgres postgres) {
        try {
            postgres.close();
        } catch (IOException e) {
            log.warn("Could not stop the stoppable PostgreSQL", e);
        }
    }
}
