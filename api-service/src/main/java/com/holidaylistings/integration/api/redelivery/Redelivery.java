package com.holidaylistings.integration.api.redelivery;

import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.util.UUID;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/** The answer to a redelivery request: the event is queued for the dispatcher to deliver again. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Redelivery(UUID hookId, UUID enquiryId, String status) {

    static Redelivery queued(SubscriptionId subscription, EnquiryId enquiry) {
        return new Redelivery(subscription.value(), enquiry.value(), "queued");
    }
}
