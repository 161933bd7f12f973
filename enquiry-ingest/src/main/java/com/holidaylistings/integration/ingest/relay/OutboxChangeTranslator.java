package com.holidaylistings.integration.ingest.relay;

import com.holidaylistings.integration.events.EnquiryErased;
import com.holidaylistings.integration.events.EnquiryEvents;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.time.Instant;
import java.util.Optional;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a change read from the write-ahead log into the event to publish, routed by its event type:
 * {@code enquiry.created} and {@code enquiry.erased} to their topics, the delivery commands to
 * {@code delivery.commands}. Deletes
 * (the purge), heartbeats and anything else are skipped, and so is a row of a type this relay does
 * not know (logged): one unknown row must not stop the relay of every other.
 */
final class OutboxChangeTranslator {

    static final String OUTBOX_TABLE = "outbox";
    private static final Logger log = LoggerFactory.getLogger(OutboxChangeTranslator.class);

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
        String eventType = row.getString("event_type");
        Optional<String> topic = topicOf(eventType);
        if (topic.isEmpty()) {
            log.warn("Skipping outbox row {} of the unknown event type {}", row.getString("id"), eventType);
            return Optional.empty();
        }
        return Optional.of(new OutboxEvent(
                topic.get(),
                row.getString("id"),
                row.getString("aggregate_id"),
                eventType,
                row.getString("payload"),
                row.getString("request_id"),
                Instant.ofEpochMilli(source.getInt64("ts_ms")),
                // a change written before the column existed has none
                row.schema().field("traceparent") == null ? null : row.getString("traceparent")));
    }

    /** The topic of an outbox row's event type; empty for a type this relay does not know. */
    static Optional<String> topicOf(String eventType) {
        if (EnquiryEvents.TOPIC.equals(eventType)) {
            return Optional.of(EnquiryEvents.TOPIC);
        }
        if (EnquiryErased.TYPE.equals(eventType)) {
            return Optional.of(EnquiryErased.TOPIC);
        }
        return DeliveryCommand.TYPES.contains(eventType) ? Optional.of(DeliveryCommand.TOPIC) : Optional.empty();
    }
}
