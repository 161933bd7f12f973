package com.holidaylistings.integration.dispatcher.fanout;

import com.holidaylistings.integration.dispatcher.DeliveryTopics;
import com.holidaylistings.integration.events.EnquiryCreated;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns a batch of {@code enquiry.created} events into one delivery record per matching
 * subscription of each, and returns once Kafka has them all: only then are the events' offsets
 * committed. One subscription query serves the whole batch and the records are sent together, so
 * an event costs a share of one query and one wait for Kafka, not one of each. Transient database
 * and Kafka errors are retried in process a few times before the batch is retried by the container.
 */
@Component
class DeliveryFanOut {

    /** An event read from {@code enquiry.created}. */
    record Event(String eventId, String requestId, EnquiryCreated enquiry, String payload) {
    }

    private final Subscribers subscribers;
    private final KafkaTemplate<String, String> kafka;
    private final JsonMapper json;
    private final Retry retry = Retry.of("fan-out", RetryConfig.custom()
            .maxAttempts(5)
            .intervalFunction(IntervalFunction.ofExponentialBackoff(Duration.ofMillis(100), 2.0, Duration.ofSeconds(2)))
            .build());

    DeliveryFanOut(Subscribers subscribers, KafkaTemplate<String, String> kafka, JsonMapper json) {
        this.subscribers = subscribers;
        this.kafka = kafka;
        this.json = json;
    }

    /** Returns how many deliveries were queued. */
    int fanOut(List<Event> events) throws Exception {
        if (events.isEmpty()) {
            return 0;
        }
        return retry.executeCallable(() -> {
            Map<UUID, List<Subscribers.Candidate>> candidates =
                    subscribers.candidates(events.stream().map(event -> event.enquiry().propertyId()).distinct().toList());
            List<CompletableFuture<?>> sent = new ArrayList<>();
            for (Event event : events) {
                EnquiryCreated enquiry = event.enquiry();
                for (Subscribers.Candidate candidate : candidates.get(enquiry.propertyId())) {
                    if (candidate.receives(enquiry.propertyId(), enquiry.sentAt())) {
                        UUID subscription = candidate.id();
                        sent.add(kafka.send(DeliveryTopics.DELIVERIES, subscription.toString(), json.writeValueAsString(
                                new DeliveryRequest(subscription, enquiry.enquiryId(), event.eventId(),
                                        DeliveryRequest.webhookIdOf(event.eventId(), subscription), enquiry.sentAt(),
                                        event.payload(), event.requestId(), null))));
                    }
                }
            }
            CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            return sent.size();
        });
    }
}
