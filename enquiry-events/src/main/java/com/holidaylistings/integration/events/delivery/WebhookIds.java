package com.holidaylistings.integration.events.delivery;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;

/**
 * The {@code webhook-id} of an event delivered to a subscription: {@code msg_} and the MD5 of
 * {@code "<event id>/<subscription id>"} in hex, the same for every attempt and for the event fanned
 * out twice or asked for again. The database computes the same value with {@code webhook_id(event_id,
 * subscription_id)} (V14), so that api-service can name deliveries in one statement.
 */
public final class WebhookIds {

    private WebhookIds() {}

    public static String of(UUID eventId, SubscriptionId subscription) {
        try {
            byte[] digest = MessageDigest.getInstance("MD5")
                    .digest((eventId + "/" + subscription.value()).getBytes(StandardCharsets.UTF_8));
            return "msg_" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is part of every JDK", e);
        }
    }
}
