package com.holidaylistings.integration.ingest;

import com.holidaylistings.integration.testsupport.TestKafka;
import com.holidaylistings.integration.testsupport.TestPostgres;
import java.nio.file.Path;
import org.flywaydb.core.Flyway;

/**
 * The infrastructure of the relay's tests: the JVM's shared PostgreSQL with api-service's schema
 * (migrated from its own migration files, so the publication and slot exist before any enquiry,
 * as in production), and the shared Kafka broker.
 */
public final class IngestTestBed {

    private static boolean migrated;

    private IngestTestBed() {}

    public static synchronized TestPostgres.Connection database() {
        TestPostgres.Connection db = TestPostgres.connection();
        if (!migrated) {
            Flyway.configure()
                    .dataSource(db.jdbcUrl(), db.username(), db.password())
                    .locations("filesystem:" + Path.of("..", "api-service", "src", "main", "resources", "db", "migration"))
                    .placeholders(java.util.Map.of("createReplicationSlot", "true"))
                    .load()
                    .migrate();
            migrated = true;
        }
        return db;
    }

    public static String kafka() {
        return TestKafka.bootstrapServers();
    }
}
