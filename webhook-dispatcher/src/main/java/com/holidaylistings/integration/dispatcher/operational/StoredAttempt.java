package com.holidaylistings.integration.dispatcher.operational;

import com.holidaylistings.integration.events.delivery.DeliveryOutcome;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;

/** An attempt as the attempt log stores it, what {@link OperationalOutbox} decides from. */
public record StoredAttempt(SubscriptionId subscription, EnquiryId enquiry, int attempt, DeliveryOutcome outcome,
        Instant attemptedAt) {}
