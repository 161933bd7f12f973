package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.events.delivery.DeliveryOutcome;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;

/** One row of the attempt log; {@code number} counts the attempts of one event to one subscription. */
record Attempt(
        SubscriptionId subscription,
        EnquiryId enquiry,
        int number,
        DeliveryOutcome outcome,
        Integer httpStatus,
        String error,
        long durationMs,
        String responseBody,
        Instant attemptedAt,
        Instant nextAttemptAt) {}
