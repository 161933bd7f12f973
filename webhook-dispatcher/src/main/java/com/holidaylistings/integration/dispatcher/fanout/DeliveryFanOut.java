package com.holidaylistings.integration.dispatcher.fanout;

import com.holidaylistings.integration.dispatcher.DeliveryTopics;
import com.holidaylistings.integration.dispatcher.delivery.DeliveryRequest;
import com.holidaylistings.integration.events.EnquiryCreated;
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
 * an event costs a share of one query and one wait for Kafka, not one of each. A failure (database
 * or Kafka away) goes up to the listener container, which tries the batch again (FanOutConfig).
 */
@Component
class DeliveryFanOut {

    /** An event read from {@code enquiry.created}. */
    record Event(String eventId, String requestId, EnquiryCreated enquiry, String payload) {
    }

    private final LiveSubscriptions subscriptions;
    private final KafkaTemplate<String, String> kafka;
    private final JsonMapper json;

    DeliveryFanOut(LiveSubscriptions subscriptions, KafkaTemplate<String, String> kafka, JsonMapper json) {
        this.subscriptions = subscriptions;
        this.kafka = kafka;
        this.json = json;
    }

    /** Returns how many deliveries were queued. */
    int fanOut(List<Event> events) throws Exception {
        if (events.isEmpty()) {
            return 0;
        }
        Map<UUID, List<LiveSubscriptions.LiveSubscription>> byProperty =
                subscriptions.byProperty(events.stream().map(event -> event.enquiry().propertyId()).distinct().toList());
        List<CompletableFuture<?>> sent = new ArrayList<>();
        for (Event event : events) {
            EnquiryCreated enquiry = event.enquiry();
            for (LiveSubscriptions.LiveSubscription subscription : byProperty.get(enquiry.propertyId())) {
                if (subscription.filter().matches(enquiry.propertyId(), enquiry.sentAt())) {
                    UUID id = subscription.id().value();
                    sent.add(kafka.send(DeliveryTopics.DELIVERIES, id.toString(), json.writeValueAsString(
                            new DeliveryRequest(id, enquiry.enquiryId(), event.eventId(),
                                    DeliveryRequest.webhookIdOf(event.eventId(), id), enquiry.sentAt(),
                                    event.payload(), event.requestId(), null))));
                }
            }
        }
        CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        return sent.size();
    }
}
