package com.holidaylistings.integration.ingest.relay;

import java.util.Properties;
import org.postgresql.Driver;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.stereotype.Component;

/**
 * The embedded engine's configuration: the Postgres connector on the outbox publication and slot
 * (no snapshot: the slot predates the first enquiry), source offsets in a Kafka topic so that they
 * survive restarts and moves between machines (written as the service's own Kafka principal), and a
 * heartbeat that moves the slot on while the outbox is quiet. The heartbeat is a logical decoding
 * message, not a row: enquiry-ingest writes no table (each table has one writing service, and the
 * outbox is api-service's).
 */
@Component
class DebeziumSettings {

    private final RelayProperties relay;
    private final DataSourceProperties database;
    private final KafkaProperties kafka;

    DebeziumSettings(RelayProperties relay, DataSourceProperties database, KafkaProperties kafka) {
        this.relay = relay;
        this.database = database;
        this.kafka = kafka;
    }

    Properties properties() {
        Properties jdbc = Driver.parseURL(database.getUrl(), new Properties());
        if (jdbc == null) {
            throw new IllegalStateException("Not a PostgreSQL JDBC URL: " + database.getUrl());
        }
        Properties p = new Properties();
        p.setProperty("name", "enquiry-outbox");
        p.setProperty("connector.class", "io.debezium.connector.postgresql.PostgresConnector");
        p.setProperty("topic.prefix", "enquiry-ingest");
        p.setProperty("database.hostname", jdbc.getProperty("PGHOST").split(",")[0]);
        p.setProperty("database.port", jdbc.getProperty("PGPORT").split(",")[0]);
        p.setProperty("database.dbname", jdbc.getProperty("PGDBNAME"));
        p.setProperty("database.user", database.getUsername());
        p.setProperty("database.password", database.getPassword() == null ? "" : database.getPassword());
        p.setProperty("plugin.name", "pgoutput");
        p.setProperty("slot.name", relay.slotName());
        p.setProperty("slot.drop.on.stop", "false");
        p.setProperty("publication.name", relay.publicationName());
        p.setProperty("publication.autocreate.mode", "disabled");
        p.setProperty("snapshot.mode", "no_data");
        p.setProperty("table.include.list", "public.outbox");
        p.setProperty("tombstones.on.delete", "false");
        p.setProperty("poll.interval.ms", Long.toString(relay.pollInterval().toMillis()));
        p.setProperty("max.batch.size", Integer.toString(relay.maxBatchSize()));
        p.setProperty("max.queue.size", Integer.toString(relay.maxBatchSize() * 4));
        p.setProperty(
                "heartbeat.interval.ms", Long.toString(relay.heartbeatInterval().toMillis()));
        p.setProperty(
                "heartbeat.action.query",
                "select pg_logical_emit_message(false, 'enquiry-ingest.heartbeat', now()::text)");
        p.setProperty("offset.storage", "org.apache.kafka.connect.storage.KafkaOffsetBackingStore");
        p.setProperty("offset.storage.topic", relay.offsetsTopic());
        p.setProperty("offset.storage.partitions", "1");
        p.setProperty("offset.storage.replication.factor", Short.toString(relay.topicReplicationFactor()));
        p.setProperty("offset.flush.interval.ms", "1000");
        p.setProperty("bootstrap.servers", String.join(",", kafka.getBootstrapServers()));
        // The offset store's own clients authenticate as the service does (SASL, TLS where configured).
        kafka.buildAdminProperties().forEach((key, value) -> {
            if (value != null && (key.startsWith("security.") || key.startsWith("sasl.") || key.startsWith("ssl."))) {
                p.setProperty(key, value.toString());
            }
        });
        // A lost connection is retried a few times by the connector; after that the engine stops
        // and the relay restarts it with a growing backoff, reporting not ready meanwhile.
        p.setProperty("errors.max.retries", "3");
        p.setProperty("retriable.restart.connector.wait.ms", "2000");
        return p;
    }
}
