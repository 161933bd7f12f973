package com.holidaylistings.integration.api.hook;

import java.util.UUID;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/** The answer to a redelivery request: the event is queued for the dispatcher to deliver again. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record Redelivery(UUID hookId, UUID enquiryId, String status) {

    static Redelivery queued(UUID hookId, UUID enquiryId) {
        return new Redelivery(hookId, enquiryId, "queued");
    }
}
