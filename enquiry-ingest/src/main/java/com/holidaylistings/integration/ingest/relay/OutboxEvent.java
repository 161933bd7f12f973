package com.holidaylistings.integration.ingest.relay;

import java.time.Instant;

/**
 * One outbox row as it goes to Kafka, to {@code topic} (by its event type) with its aggregate id as
 * the key: {@code payload} is the event (or command) JSON exactly as api-service wrote it; {@code committedAt} is when its transaction committed; {@code traceparent} the W3C trace
 * context of the intake request that wrote it (null for a row written outside a trace).
 */
record OutboxEvent(
        String topic,
        String eventId,
        String key,
        String eventType,
        String payload,
        String requestId,
        Instant committedAt,
        String traceparent) {

    OutboxEvent(
            String topic,
            String eventId,
            String key,
            String eventType,
            String payload,
            String requestId,
            Instant committedAt) {
        this(topic, eventId, key, eventType, payload, requestId, committedAt, null);
    }
}
