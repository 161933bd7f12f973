package com.holidaylistings.integration.ingest.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.Test;

class OutboxChangeTranslatorTest {

    private static final Schema ROW = SchemaBuilder.struct()
            .optional()
            .field("id", Schema.STRING_SCHEMA)
            .field("aggregate_type", Schema.STRING_SCHEMA)
            .field("aggregate_id", Schema.STRING_SCHEMA)
            .field("event_type", Schema.STRING_SCHEMA)
            .field("payload", Schema.STRING_SCHEMA)
            .field("request_id", Schema.OPTIONAL_STRING_SCHEMA)
            .build();
    private static final Schema SOURCE = SchemaBuilder.struct()
            .field("table", Schema.STRING_SCHEMA)
            .field("ts_ms", Schema.INT64_SCHEMA)
            .build();
    private static final Schema CHANGE = SchemaBuilder.struct()
            .field("before", ROW)
            .field("after", ROW)
            .field("source", SOURCE)
            .field("op", Schema.STRING_SCHEMA)
            .build();
    private static final String PAYLOAD = "{\"event\":\"enquiry.created\",\"enquiry_id\":\"e-1\"}";

    @Test
    void turnsAnOutboxInsertIntoTheEventItCarries() {
        OutboxEvent event =
                OutboxChangeTranslator.translate(change("outbox", "c", "req-1")).orElseThrow();

        assertThat(event)
                .isEqualTo(new OutboxEvent(
                        "enquiry.created",
                        "event-1",
                        "enquiry-1",
                        "enquiry.created",
                        PAYLOAD,
                        "req-1",
                        Instant.ofEpochMilli(1_700_000_000_123L)));
    }

    @Test
    void routesEachDeliveryCommandToTheCommandsTopic() {
        for (String type : DeliveryCommand.TYPES) {
            OutboxEvent event = OutboxChangeTranslator.translate(change("outbox", "c", "req-1", type))
                    .orElseThrow();

            assertThat(event.topic()).isEqualTo("delivery.commands");
            assertThat(event.eventType()).isEqualTo(type);
            assertThat(event.key()).isEqualTo("enquiry-1");
        }
    }

    @Test
    void routesAThrottlesChangeToTheCommandsTopicUnderItsAggregateId() {
        OutboxEvent event = OutboxChangeTranslator.translate(
                        change("outbox", "c", "req-1", "delivery.throttle-changed"))
                .orElseThrow();

        assertThat(event.topic()).isEqualTo(DeliveryCommand.TOPIC);
        assertThat(event.eventType()).isEqualTo(DeliveryCommand.ThrottleChanged.TYPE);
        assertThat(event.key()).isEqualTo("enquiry-1");
        assertThat(event.requestId()).isEqualTo("req-1");
    }

    @Test
    void routesAnErasureToItsTopicUnderTheEnquiryId() {
        OutboxEvent event = OutboxChangeTranslator.translate(change("outbox", "c", "req-1", "enquiry.erased"))
                .orElseThrow();

        assertThat(event.topic()).isEqualTo("enquiry.erased");
        assertThat(event.eventType()).isEqualTo("enquiry.erased");
        assertThat(event.key()).isEqualTo("enquiry-1");
    }

    @Test
    void skipsAnUpdateOfAnOutboxRowAsAnErasureMakesIt() {
        assertThat(OutboxChangeTranslator.translate(change("outbox", "u", "req-1", "enquiry.created")))
                .isEmpty();
    }

    @Test
    void skipsARowOfAnUnknownEventType() {
        assertThat(OutboxChangeTranslator.translate(change("outbox", "c", "req-1", "enquiry.exploded")))
                .isEmpty();
    }

    @Test
    void keepsAMissingRequestIdMissing() {
        assertThat(OutboxChangeTranslator.translate(change("outbox", "c", null))
                        .orElseThrow()
                        .requestId())
                .isNull();
    }

    @Test
    void carriesTheIntakeRequestsTraceContext() {
        Schema traced = SchemaBuilder.struct()
                .optional()
                .field("id", Schema.STRING_SCHEMA)
                .field("aggregate_id", Schema.STRING_SCHEMA)
                .field("event_type", Schema.STRING_SCHEMA)
                .field("payload", Schema.STRING_SCHEMA)
                .field("request_id", Schema.OPTIONAL_STRING_SCHEMA)
                .field("traceparent", Schema.OPTIONAL_STRING_SCHEMA)
                .build();
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        Struct row = new Struct(traced)
                .put("id", "event-1")
                .put("aggregate_id", "enquiry-1")
                .put("event_type", "enquiry.created")
                .put("payload", PAYLOAD)
                .put("request_id", "req-1")
                .put("traceparent", traceparent);
        Schema change = SchemaBuilder.struct()
                .field("after", traced)
                .field("source", SOURCE)
                .field("op", Schema.STRING_SCHEMA)
                .build();
        SourceRecord record = new SourceRecord(
                Map.of(),
                Map.of(),
                "enquiry-ingest.public.outbox",
                null,
                change,
                new Struct(change)
                        .put("after", row)
                        .put("op", "c")
                        .put("source", new Struct(SOURCE).put("table", "outbox").put("ts_ms", 1L)));

        assertThat(OutboxChangeTranslator.translate(record).orElseThrow().traceparent())
                .isEqualTo(traceparent);
    }

    @Test
    void readsAChangeWrittenBeforeTheTraceContextColumnExisted() {
        assertThat(OutboxChangeTranslator.translate(change("outbox", "c", "req-1"))
                        .orElseThrow()
                        .traceparent())
                .isNull();
    }

    @Test
    void skipsThePurgesDeletesAndUpdates() {
        assertThat(OutboxChangeTranslator.translate(change("outbox", "d", "req-1")))
                .isEmpty();
        assertThat(OutboxChangeTranslator.translate(change("outbox", "u", "req-1")))
                .isEmpty();
    }

    @Test
    void skipsHeartbeatsOfTheHeartbeatTable() {
        assertThat(OutboxChangeTranslator.translate(change("outbox_heartbeat", "u", null)))
                .isEmpty();
    }

    @Test
    void skipsRecordsThatAreNoChangeEvents() {
        Schema heartbeat =
                SchemaBuilder.struct().field("ts_ms", Schema.INT64_SCHEMA).build();
        SourceRecord record = new SourceRecord(
                Map.of(),
                Map.of(),
                "__debezium-heartbeat.enquiry-ingest",
                null,
                heartbeat,
                new Struct(heartbeat).put("ts_ms", 1L));

        assertThat(OutboxChangeTranslator.translate(record)).isEmpty();
    }

    private static SourceRecord change(String table, String op, String requestId) {
        return change(table, op, requestId, "enquiry.created");
    }

    private static SourceRecord change(String table, String op, String requestId, String eventType) {
        Struct row = new Struct(ROW)
                .put("id", "event-1")
                .put("aggregate_type", "enquiry")
                .put("aggregate_id", "enquiry-1")
                .put("event_type", eventType)
                .put("payload", PAYLOAD)
                .put("request_id", requestId);
        Struct change = new Struct(CHANGE)
                .put("after", "d".equals(op) ? null : row)
                .put("before", "d".equals(op) ? row : null)
                .put("source", new Struct(SOURCE).put("table", table).put("ts_ms", 1_700_000_000_123L))
                .put("op", op);
        return new SourceRecord(Map.of(), Map.of(), "enquiry-ingest.public." + table, null, CHANGE, change);
    }
}
