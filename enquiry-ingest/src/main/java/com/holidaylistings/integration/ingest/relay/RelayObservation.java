package com.holidaylistings.integration.ingest.relay;

import com.holidaylistings.integration.events.EnquiryEvents;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.transport.ReceiverContext;
import org.springframework.stereotype.Component;

/**
 * The relay's span of one outbox event, continuing the trace of the intake request that wrote it
 * (the row's {@code traceparent}; a new trace for a row without one). The publish runs inside it, so
 * that the record's {@code traceparent} header, which the Kafka template's own span writes, is its child.
 */
@Component
class RelayObservation {

    static final String NAME = "enquiry.relay";

    private final ObservationRegistry registry;

    RelayObservation(ObservationRegistry registry) {
        this.registry = registry;
    }

    Observation of(OutboxEvent event) {
        ReceiverContext<OutboxEvent> context = new ReceiverContext<>(
                (row, key) -> EnquiryEvents.TRACEPARENT_HEADER.equals(key) ? row.traceparent() : null);
        context.setCarrier(event);
        context.setRemoteServiceName("api-service");
        return Observation.createNotStarted(NAME, () -> context, registry)
                .contextualName("outbox relay")
                .highCardinalityKeyValue(
                        EnquiryEvents.TOPIC.equals(event.topic()) ? "enquiry.id" : "command.key", event.key())
                .highCardinalityKeyValue("event.id", event.eventId());
    }
}
