package com.holidaylistings.integration.events.delivery;

import java.time.Instant;
import java.util.UUID;

/**
 * Which events a subscription receives: those on its property (all the owner's properties when
 * {@code propertyId} is null) submitted at or after its creation; an event read again later (a
 * replay, a new consumer group) does not go to subscriptions made since.
 */
public record SubscriptionFilter(UUID propertyId, Instant createdAt) {

    public boolean matches(UUID eventPropertyId, Instant submittedAt) {
        return (propertyId == null || propertyId.equals(eventPropertyId)) && !createdAt.isAfter(submittedAt);
    }
}
