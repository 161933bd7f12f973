package com.holidaylistings.integration.dispatcher.records;

import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The value of a record on {@code webhook.deliveries} and its retry topics: which delivery (its
 * webhook-id and the event's submission time, the key of its row), whose (its subscription and
 * owner, for the lanes), and which attempt the record is for. Everything else is on the delivery's
 * row; the record's headers carry its stage of the retry schedule and when it falls due.
 */
public record DeliveryTask(String webhookId, Instant submittedAt, SubscriptionId subscriptionId, OwnerId ownerId,
        int attempt) {

    public DeliveryTask {
        if (webhookId == null || submittedAt == null || subscriptionId == null || ownerId == null || attempt < 1) {
            throw new IllegalArgumentException("A delivery task needs its webhook id, submission time, subscription, owner and attempt");
        }
        submittedAt = atRowPrecision(submittedAt);
    }

    /** A time as PostgreSQL keeps it (microseconds), so that the row's key is found with the task's. */
    public static Instant atRowPrecision(Instant time) {
        return time.truncatedTo(ChronoUnit.MICROS);
    }

    /** The record for the attempt after this one. */
    DeliveryTask next() {
        return new DeliveryTask(webhookId, submittedAt, subscriptionId, ownerId, attempt + 1);
    }
}
