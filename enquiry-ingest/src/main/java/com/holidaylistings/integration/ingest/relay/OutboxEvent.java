package com.holidaylistings.integration.ingest.relay;

import java.time.Instant;

/**
 * One outbox row as it goes to Kafka: {@code payload} is the event JSON exactly as api-service
 * wrote it; {@code committedAt} is when its transaction committed.
 */
record OutboxEvent(
        String eventId, String key, String eventType, String payload, String requestId, Instant committedAt) {}
