package com.holidaylistings.integration.ingest.relay;

import java.time.Instant;

/**
 * One outbox row as it goes to Kafka: {@code payload} is the event JSON exactly as api-service
 * wrote it; {@code committedAt} is when its transaction committed; {@code traceparent} the W3C trace
 * context of the intake request that wrote it (null for a row written outside a trace).
 */
record OutboxEvent(String eventId, String key, String eventType, String payload, String requestId, Instant committedAt,
        String traceparent) {

    OutboxEvent(String eventId, String key, String eventType, String payload, String requestId, Instant committedAt) {
        this(eventId, key, eventType, payload, requestId, committedAt, null);
    }
}
