package com.holidaylistings.integration.ingest.relay;

import com.holidaylistings.integration.events.EnquiryEvents;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Publishes a batch of outbox events (enquiries' events and delivery commands, each to its topic
 * with the same headers) and returns only once Kafka has acknowledged every one of them ({@code acks=all}, idempotent producer), so that offsets are committed only after that.
 * A batch that fails is sent again as {@link RelayProperties.PublishRetry} says before the failure
 * stops the engine. Each event's publish continues its enquiry's trace ({@link RelayObservation}).
 */
@Component
class EventPublisher {

    private final KafkaTemplate<String, String> kafka;
    private final RelayMetrics metrics;
    private final RelayObservation observation;
    private final Duration timeout;
    private final Retry retry;

    EventPublisher(
            KafkaTemplate<String, String> kafka,
            RelayMetrics metrics,
            RelayObservation observation,
            RelayProperties properties) {
        this.kafka = kafka;
        this.metrics = metrics;
        this.observation = observation;
        this.timeout = properties.publishTimeout();
        RelayProperties.PublishRetry policy = properties.publishRetry();
        // Nested in the producer's own resends (delivery.timeout.ms) and in Leadership's restarts: a batch the producer
        // gave up on is tried again here, because stopping the engine costs a restart and a re-read of the batch.
        this.retry = Retry.of(
                "kafka-publish",
                RetryConfig.custom()
                        .maxAttempts(policy.maxAttempts())
                        .intervalFunction(IntervalFunction.ofExponentialBackoff(
                                policy.initialBackoff(), policy.multiplier(), policy.maxBackoff()))
                        .retryExceptions(ExecutionException.class, TimeoutException.class)
                        .build());
    }

    void publish(List<OutboxEvent> events) throws Exception {
        if (events.isEmpty()) {
            return;
        }
        retry.executeCallable(() -> {
            sendAll(events);
            return null;
        });
        Instant now = Instant.now();
        events.forEach(event -> metrics.published(Duration.between(event.committedAt(), now)));
    }

    private void sendAll(List<OutboxEvent> events) throws Exception {
        List<CompletableFuture<?>> acknowledgements = new ArrayList<>(events.size());
        for (OutboxEvent event : events) {
            // the template's send span, and the traceparent header it writes, are children of the event's relay span
            observation.of(event).observe(() -> acknowledgements.add(kafka.send(record(event))));
        }
        try {
            CompletableFuture.allOf(acknowledgements.toArray(CompletableFuture[]::new))
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            metrics.publishFailed();
            throw e;
        }
    }

    static ProducerRecord<String, String> record(OutboxEvent event) {
        ProducerRecord<String, String> record = new ProducerRecord<>(event.topic(), event.key(), event.payload());
        record.headers().add(header(EnquiryEvents.EVENT_ID_HEADER, event.eventId()));
        record.headers().add(header(EnquiryEvents.EVENT_TYPE_HEADER, event.eventType()));
        if (event.requestId() != null) {
            record.headers().add(header(EnquiryEvents.REQUEST_ID_HEADER, event.requestId()));
        }
        return record;
    }

    private static RecordHeader header(String name, String value) {
        return new RecordHeader(name, value.getBytes(StandardCharsets.UTF_8));
    }
}
