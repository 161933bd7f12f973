package com.holidaylistings.integration.dispatcher.transition;

import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;

/**
 * A delivery's row ({@code deliveries}) as an attempt reads it: one event to one subscription, named
 * by its webhook-id; where it stands, how many attempts it has had, the retry schedule's stage of
 * its next one, and whether it is a test event sent from the portal. {@link DeliveryTransitions}
 * decides what follows.
 */
public record Delivery(String webhookId, Instant submittedAt, SubscriptionId subscription, EnquiryId enquiry,
        DeliveryStatus status, int attempts, int stage, boolean test) {

    /** A delivery of an enquiry (not a test event). */
    public Delivery(String webhookId, Instant submittedAt, SubscriptionId subscription, EnquiryId enquiry,
            DeliveryStatus status, int attempts, int stage) {
        this(webhookId, submittedAt, subscription, enquiry, status, attempts, stage, false);
    }

    Delivery with(DeliveryStatus status, int attempts, int stage) {
        return new Delivery(webhookId, submittedAt, subscription, enquiry, status, attempts, stage, test);
    }
}
