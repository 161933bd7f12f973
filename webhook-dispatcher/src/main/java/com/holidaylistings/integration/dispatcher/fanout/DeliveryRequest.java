package com.holidaylistings.integration.dispatcher.fanout;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/**
 * One event to deliver to one subscription: the value of a {@code webhook.deliveries} record.
 * {@code webhookId} is the same for every attempt, and for the same event fanned out twice;
 * {@code requestId} is the intake request's id (may be null), for the logs.
 */
public record DeliveryRequest(
        UUID subscriptionId, UUID enquiryId, String eventId, String webhookId, Instant sentAt, String payload,
        String requestId) {

    public static String webhookIdOf(String eventId, UUID subscriptionId) {
        byte[] name = (eventId + "/" + subscriptionId).getBytes(StandardCharsets.UTF_8);
        return "msg_" + UUID.nameUUIDFromBytes(name).toString().replace("-", "");
    }
}
