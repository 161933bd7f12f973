package com.holidaylistings.integration.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.flywaydb.core.Flyway;

/**
 * The shared test database with every service's schema, each migrated from that service's own
 * migration files as it migrates them at its start: api-service's (public, and its read contract
 * api_read), then webhook-dispatcher's (dispatcher and dispatcher_read) as the dispatcher's owner role.
 * As in production, the outbox publication and replication slot exist before any enquiry.
 */
public final class TestSchema {

    private static boolean migrated;

    private TestSchema() {}

    public static synchronized TestPostgres.Connection database() {
        TestPostgres.Connection db = TestPostgres.connection();
        if (!migrated) {
            Flyway.configure()
                    .dataSource(db.jdbcUrl(), db.username(), db.password())
                    .locations("filesystem:" + migrations("api-service"))
                    .placeholders(Map.of("createReplicationSlot", "true"))
                    .load()
                    .migrate();
            migrateDispatcher(db);
            migrated = true;
        }
        return db;
    }

    /**
     * Makes webhook-dispatcher's schema on the server of {@code db} as the dispatcher does at its start,
     * as its schema's owner: for a test with a server of its own ({@link StoppablePostgres}) whose
     * api-service reads the dispatcher's views.
     */
    public static void migrateDispatcher(TestPostgres.Connection db) {
        TestPostgres.Connection owner = db.as(TestPostgres.DISPATCHER_OWNER);
        Flyway.configure()
                .dataSource(db.jdbcUrl(), owner.username(), owner.password())
                .schemas("dispatcher", "dispatcher_read")
                .defaultSchema("dispatcher")
                .locations("filesystem:" + migrations("webhook-dispatcher"))
                .load()
                .migrate();
    }

    private static Path migrations(String service) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(Path.of(service, "src", "main", "resources", "db", "migration"));
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException(
                service + "'s migrations not found above " + Path.of("").toAbsolutePath());
    }
}
