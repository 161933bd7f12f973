package com.holidaylistings.integration.api.enquiry;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.OptBoolean;
import com.holidaylistings.integration.api.web.input.FieldErrors;
import com.holidaylistings.integration.events.PartyDetails;
import java.time.LocalDate;
import java.util.UUID;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/** A guest's submission from the listing site (POST /internal/v1/enquiries). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record NewEnquiry(
        UUID propertyId, String subject, String message, String userName, String userEmail, Party partyDetails) {

    static final int MAX_SUBJECT = 200;
    static final int MAX_MESSAGE = 10_000;
    static final int MAX_NAME = 200;
    static final int MAX_OCCASION = 100;
    static final int MAX_GROUP_SIZE = 1_000;

    /** Dates are strictly YYYY-MM-DD: no timestamps cut down to a day, no epoch-day numbers. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Party(
            Integer groupSize,
            @JsonFormat(lenient = OptBoolean.FALSE) LocalDate checkIn,
            @JsonFormat(lenient = OptBoolean.FALSE) LocalDate checkOut,
            String occasion) {}

    /** Checks every field; the property itself is checked against the database by the intake. */
    void validate() {
        FieldErrors errors = new FieldErrors();
        errors.required("property_id", propertyId);
        errors.requiredText("subject", subject, MAX_SUBJECT);
        errors.requiredText("message", message, MAX_MESSAGE);
        errors.requiredText("user_name", userName, MAX_NAME);
        errors.requiredEmail("user_email", userEmail);
        if (errors.required("party_details", partyDetails)) {
            if (errors.required("party_details.group_size", partyDetails.groupSize())) {
                errors.between("party_details.group_size", partyDetails.groupSize(), 1, MAX_GROUP_SIZE);
            }
            errors.required("party_details.check_in", partyDetails.checkIn());
            if (errors.required("party_details.check_out", partyDetails.checkOut())) {
                errors.after("party_details.check_out", partyDetails.checkOut(), "check_in", partyDetails.checkIn());
            }
            errors.optionalText("party_details.occasion", partyDetails.occasion(), MAX_OCCASION);
        }
        errors.throwIfAny();
    }

    /** The same submission about another property. */
    NewEnquiry about(UUID property) {
        return new NewEnquiry(property, subject, message, userName, userEmail, partyDetails);
    }

    PartyDetails party() {
        return new PartyDetails(
                partyDetails.groupSize(), partyDetails.checkIn(), partyDetails.checkOut(), partyDetails.occasion());
    }
}
