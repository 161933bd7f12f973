package com.holidaylistings.integration.testsupport;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.List;
import javax.sql.DataSource;
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
    private static EmbeddedPostgres embedded;
    private static Path embeddedDirectory;
    private static int embeddedPort;

    /** How to reach the shared database. */
    public record Connection(String jdbcUrl, String username, String password) {

        /** The same database as the service role {@code role} (its password is its name in the tests). */
        public Connection as(String role) {
            return new Connection(jdbcUrl, role, role);
        }

        /**
         * A small pool of connections to it, one per connection details for the whole test run: a new
         * connection for each of a test's statements costs a SCRAM handshake, about 40 ms.
         */
        public DataSource pooled() {
            return PooledConnections.of(this);
        }
    }

    /**
     * The services' login roles, made before any migration as whoever sets up a database makes them
     * (the migrations grant them their rights). The tests' own user stays superuser.
     */
    public static final List<String> SERVICE_ROLES = List.of("api_service", "enquiry_ingest", "webhook_dispatcher");

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
                .withCommand(
                        "postgres",
                        "-c",
                        "wal_level=logical",
                        "-c",
                        "max_wal_senders=10",
                        "-c",
                        "max_replication_slots=10",
                        "-c",
                        "fsync=off");
        container.start();
        log.info("PostgreSQL container at {}", container.getJdbcUrl());
        try (var admin = DriverManager.getConnection(container.getJdbcUrl(), USER, PASSWORD);
                Statement sql = admin.createStatement()) {
            createServiceRoles(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("Could not make the service roles", e);
        }
        return new Connection(container.getJdbcUrl(), USER, PASSWORD);
    }

    private static Connection startEmbedded() {
        try {
            embeddedDirectory = Files.createTempDirectory("test-postgres");
            try (ServerSocket socket = new ServerSocket(0)) {
                embeddedPort = socket.getLocalPort();
            }
            embedded = startEmbeddedServer();
            Runtime.getRuntime().addShutdownHook(new Thread(TestPostgres::stopEmbedded));
            try (var admin = embedded.getPostgresDatabase().getConnection();
                    Statement sql = admin.createStatement()) {
                sql.execute("create user " + USER + " with superuser password '" + PASSWORD + "'");
                sql.execute("create database " + DATABASE + " owner " + USER);
                createServiceRoles(sql);
            }
            String url = "jdbc:postgresql://localhost:" + embeddedPort + "/" + DATABASE;
            log.info("Embedded PostgreSQL at {}", url);
            return new Connection(url, USER, PASSWORD);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start embedded PostgreSQL", e);
        } catch (SQLException e) {
            throw new IllegalStateException("Could not prepare the test database", e);
        }
    }

    /**
     * The owner role of webhook-dispatcher's schema, which its own migrations make (api-service's
     * schema, public, is owned by the database's owner, as in the local stack).
     */
    public static final String DISPATCHER_OWNER = "webhook_dispatcher_owner";

    /**
     * Makes the services' login roles and the dispatcher's owner role on the server of {@code sql}
     * (each role's password is its name), as whoever sets up a database makes them. Each login role
     * sees its own schema and the read contract it may read, as the services ask for in their
     * connections' options; the tests' own user sees every service's tables.
     */
    static void createServiceRoles(Statement sql) throws SQLException {
        for (String role : SERVICE_ROLES) {
            String replication = role.equals("enquiry_ingest") ? " replication" : "";
            sql.execute("create role " + role + " login" + replication + " password '" + role + "'");
        }
        sql.execute("alter role api_service set search_path = public, dispatcher_read");
        sql.execute("alter role webhook_dispatcher set search_path = dispatcher, api_read");
        sql.execute("create role " + DISPATCHER_OWNER + " login password '" + DISPATCHER_OWNER + "'");
        sql.execute("grant create on database " + DATABASE + " to " + DISPATCHER_OWNER);
        sql.execute("alter database " + DATABASE + " set search_path = public, dispatcher");
    }

    /** Whether {@link #restart()} is possible: the embedded server can be restarted on its port. */
    public static synchronized boolean canRestart() {
        connection();
        return embedded != null;
    }

    /** Stops the server (fast shutdown, as an operator's restart does) and starts it again on the same port and data. */
    public static synchronized void restart() {
        if (!canRestart()) {
            throw new IllegalStateException("Only the embedded PostgreSQL can be restarted");
        }
        close(embedded);
        try {
            embedded = startEmbeddedServer();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not restart embedded PostgreSQL", e);
        }
    }

    private static EmbeddedPostgres startEmbeddedServer() throws IOException {
        return EmbeddedPostgres.builder()
                .setDataDirectory(embeddedDirectory)
                .setCleanDataDirectory(false)
                .setPort(embeddedPort)
                .setRegisterShutdownHook(false)
                .setServerConfig("wal_level", "logical")
                .setServerConfig("max_wal_senders", "10")
                .setServerConfig("max_replication_slots", "10")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("fsync", "off")
                .setServerConfig("max_connections", "300")
                .start();
    }

    private static synchronized void stopEmbedded() {
        close(embedded);
        try (var paths = Files.walk(embeddedDirectory)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            log.warn("Could not delete {}", embeddedDirectory, e);
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
