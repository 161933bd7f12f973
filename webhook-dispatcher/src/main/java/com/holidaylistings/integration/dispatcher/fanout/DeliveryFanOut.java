package com.holidaylistings.integration.dispatcher.fanout;

import com.holidaylistings.integration.dispatcher.DeliveryTopics;
import com.holidaylistings.integration.events.EnquiryCreated;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns one {@code enquiry.created} event into one delivery record per matching subscription, and
 * returns once Kafka has them all: only then is the event's offset committed. Transient database
 * and Kafka errors are retried in process a few times before the record is retried by the container.
 */
@Component
class DeliveryFanOut {

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
    int fanOut(String eventId, String requestId, String payload) throws Exception {
        EnquiryCreated event = json.readValue(payload, EnquiryCreated.class);
        return retry.executeCallable(() -> {
            List<UUID> subscriptions = subscribers.of(event.propertyId(), event.sentAt());
            CompletableFuture<?>[] sent = subscriptions.stream()
                    .map(subscription -> kafka.send(DeliveryTopics.DELIVERIES, subscription.toString(), json.writeValueAsString(
                            new DeliveryRequest(subscription, event.enquiryId(), eventId,
                                    DeliveryRequest.webhookIdOf(eventId, subscription), event.sentAt(), payload, requestId, null))))
                    .toArray(CompletableFuture[]::new);
            CompletableFuture.allOf(sent).get(30, TimeUnit.SECONDS);
            return subscriptions.size();
        });
    }
}
