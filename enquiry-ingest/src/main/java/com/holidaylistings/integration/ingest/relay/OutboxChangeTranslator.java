package com.holidaylistings.integration.ingest.relay;

import java.time.Instant;
import java.util.Optional;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * Turns a change read from the write-ahead log into the event to publish: inserts into the outbox
 * become events; deletes (the purge), heartbeats and anything else are skipped.
 */
final class OutboxChangeTranslator {

    static final String OUTBOX_TABLE = "outbox";

    private OutboxChangeTranslator() {}

    static Optional<OutboxEvent> translate(SourceRecord record) {
        if (!(record.value() instanceof Struct change) || change.schema().field("op") == null) {
            return Optional.empty();
        }
        Struct source = change.getStruct("source");
        if (!"c".equals(change.getString("op")) || !OUTBOX_TABLE.equals(source.getString("table"))) {
            return Optional.empty();
        }
        Struct row = change.getStruct("after");
        return Optional.of(new OutboxEvent(
                row.getString("id"),
                row.getString("aggregate_id"),
                row.getString("event_type"),
                row.getString("payload"),
                row.getString("request_id"),
                Instant.ofEpochMilli(source.getInt64("ts_ms")),
                // a change written before the column existed has none
                row.schema().field("traceparent") == null ? null : row.getString("traceparent")));
    }
}
