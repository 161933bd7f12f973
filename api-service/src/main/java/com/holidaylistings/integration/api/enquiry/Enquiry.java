package com.holidaylistings.integration.api.enquiry;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.PartyDetails;
import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/** A full enquiry as the API shows it (spec section 2). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record Enquiry(
        UUID id,
        UUID propertyId,
        String propertyTitle,
        String propertyUrl,
        String subject,
        String message,
        String status,
        String userName,
        String userEmail,
        PartyDetails partyDetails,
        Instant sentAt) {

    /** A just-submitted enquiry, as its event describes it. */
    static Enquiry of(EnquiryCreated event) {
        return new Enquiry(
                event.enquiryId(),
                event.propertyId(),
                event.propertyTitle(),
                event.propertyUrl(),
                event.subject(),
                event.message(),
                event.status(),
                event.userName(),
                event.userEmail(),
                event.partyDetails(),
                event.sentAt());
    }

    /** The reduced enquiry that PATCH answers with. */
    Summary summary() {
        return new Summary(id, propertyId, propertyTitle, status, userName, userEmail, sentAt);
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Summary(
            UUID id,
            UUID propertyId,
            String propertyTitle,
            String status,
            String userName,
            String userEmail,
            Instant sentAt) {}
}
