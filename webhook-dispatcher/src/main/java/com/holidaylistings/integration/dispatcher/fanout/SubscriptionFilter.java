package com.holidaylistings.integration.dispatcher.fanout;

import java.time.Instant;
import java.util.UUID;

/**
 * Which events a subscription receives: those on its property (all the owner's properties when
 * {@code propertyId} is null) submitted at or after its creation; an event read again later (a
 * replay, a new consumer group) does not go to subscriptions made since. The fan-out's rule;
 * api-service answers a redelivery request for an event outside it with 404 by the same terms of the
 * spec, checked on its own subscription row, and never asks for such an event.
 */
record SubscriptionFilter(UUID propertyId, Instant createdAt) {

    boolean matches(UUID eventPropertyId, Instant submittedAt) {
        return (propertyId == null || propertyId.equals(eventPropertyId)) && !createdAt.isAfter(submittedAt);
    }
}
