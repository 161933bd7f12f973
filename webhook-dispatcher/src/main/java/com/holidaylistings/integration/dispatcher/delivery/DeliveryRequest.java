package com.holidaylistings.integration.dispatcher.delivery;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/**
 * One event to deliver to one subscription: the value of a {@code webhook.deliveries} record.
 * {@code webhookId} is the same for every attempt, and for the same event fanned out twice or
 * delivered again; {@code requestId} is the id of the request behind it (the intake's, or the
 * portal's redelivery request; may be null), for the logs. {@code firstAttempt} is the number the
 * attempt log gives this record's first attempt: absent (1) when the event is fanned out, the
 * next number after the attempts already logged when it is delivered again, so that the log
 * of one event to one subscription keeps counting. Records written without it still read.
 */
public record DeliveryRequest(
        UUID subscriptionId, UUID enquiryId, String eventId, String webhookId, Instant sentAt, String payload,
        String requestId, @JsonInclude(JsonInclude.Include.NON_NULL) Integer firstAttempt) {

    public DeliveryRequest {
        if (subscriptionId == null || enquiryId == null || webhookId == null || sentAt == null || payload == null) {
            throw new IllegalArgumentException("A delivery needs its subscription, enquiry, webhook id, time and payload");
        }
    }

    @JsonIgnore
    public SubscriptionId subscription() {
        return SubscriptionId.of(subscriptionId);
    }

    @JsonIgnore
    public EnquiryId enquiry() {
        return EnquiryId.of(enquiryId);
    }

    public static String webhookIdOf(String eventId, UUID subscriptionId) {
        byte[] name = (eventId + "/" + subscriptionId).getBytes(StandardCharsets.UTF_8);
        return "msg_" + UUID.nameUUIDFromBytes(name).toString().replace("-", "");
    }

    /** The number in the attempt log of this record's attempt at {@code stage} of the retry schedule (1 first). */
    public int attemptNumber(int stage) {
        return (firstAttempt == null ? 1 : firstAttempt) + stage - 1;
    }

    /** Whether this is the event's first delivery to the subscription, rather than a redelivery or replay. */
    @JsonIgnore
    public boolean isFirstDelivery() {
        return firstAttempt == null || firstAttempt == 1;
    }

    /** The same event to the same subscription (same webhook-id), delivered again after {@code lastAttempt} attempts. */
    public DeliveryRequest again(String requestId, int lastAttempt) {
        return new DeliveryRequest(subscriptionId, enquiryId, eventId, webhookId, sentAt, payload, requestId,
                lastAttempt + 1);
    }
}
