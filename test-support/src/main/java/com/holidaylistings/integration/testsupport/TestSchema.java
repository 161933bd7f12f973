package com.holidaylistings.integration.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.flywaydb.core.Flyway;

/**
 * The shared test database with api-service's schema, migrated from api-service's own migration
 * files (it owns the schema), for the tests of the services that only use it. As in production,
 * the outbox publication and replication slot exist before any enquiry.
 */
public final class TestSchema {

    private static boolean migrated;

    private TestSchema() {}

    public static synchronized TestPostgres.Connection database() {
        TestPostgres.Connection db = TestPostgres.connection();
        if (!migrated) {
            Flyway.configure()
                    .dataSource(db.jdbcUrl(), db.username(), db.password())
                    .locations("filesystem:" + migrations())
                    .placeholders(Map.of("createReplicationSlot", "true"))
                    .load()
                    .migrate();
            migrated = true;
        }
        return db;
    }

    private static Path migrations() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(Path.of("api-service", "src", "main", "resources", "db", "migration"));
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("api-service's migrations not found above " + Path.of("").toAbsolutePath());
    }
}
