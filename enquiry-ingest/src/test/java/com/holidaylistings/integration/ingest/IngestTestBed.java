package com.holidaylistings.integration.ingest;

import com.holidaylistings.integration.testsupport.TestKafka;
import com.holidaylistings.integration.testsupport.TestPostgres;
import com.holidaylistings.integration.testsupport.TestSchema;

/** The infrastructure of the relay's tests: the JVM's shared PostgreSQL with the schema, and the shared Kafka broker. */
public final class IngestTestBed {

    private IngestTestBed() {}

    public static TestPostgres.Connection database() {
        return TestSchema.database();
    }

    public static String kafka() {
        return TestKafka.bootstrapServers();
    }
}
