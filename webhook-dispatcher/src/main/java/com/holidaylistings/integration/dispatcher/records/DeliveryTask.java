package com.holidaylistings.integration.dispatcher.records;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The value of a record on {@code webhook.deliveries} and its retry topics: which delivery (its
 * webhook-id and the event's submission time, the key of its row), whose (its subscription and
 * owner, for the lanes), and the version of the row it was written for: the attempt it leads to is
 * made only while the row is pending at that version, so a copy, or a record of a delivery that
 * moved on since, is known by comparing the two. Everything else is on the delivery's row; the
 * record's headers carry its stage of the retry schedule and when it falls due. (A record of an
 * older dispatcher carries an {@code attempt} instead, ignored, and reads as version 0.)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DeliveryTask(
        String webhookId, Instant submittedAt, SubscriptionId subscriptionId, OwnerId ownerId, int version) {

    public DeliveryTask {
        if (webhookId == null || submittedAt == null || subscriptionId == null || ownerId == null || version < 0) {
            throw new IllegalArgumentException(
                    "A delivery task needs its webhook id, submission time, subscription, owner and version");
        }
        submittedAt = atRowPrecision(submittedAt);
    }

    /** The task a record's JSON holds; without a version (an older dispatcher's record), version 0. */
    @JsonCreator
    static DeliveryTask read(
            @JsonProperty("webhookId") String webhookId,
            @JsonProperty("submittedAt") Instant submittedAt,
            @JsonProperty("subscriptionId") SubscriptionId subscriptionId,
            @JsonProperty("ownerId") OwnerId ownerId,
            @JsonProperty("version") Integer version) {
        return new DeliveryTask(webhookId, submittedAt, subscriptionId, ownerId, version == null ? 0 : version);
    }

    /** A time as PostgreSQL keeps it (microseconds), so that the row's key is found with the task's. */
    public static Instant atRowPrecision(Instant time) {
        return time.truncatedTo(ChronoUnit.MICROS);
    }

    /** The record of the same delivery for its row at {@code version}. */
    public DeliveryTask at(int version) {
        return new DeliveryTask(webhookId, submittedAt, subscriptionId, ownerId, version);
    }
}
