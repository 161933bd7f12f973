package com.holidaylistings.integration.api.enquiry;

import com.holidaylistings.integration.api.web.input.CanonicalUuid;
import com.holidaylistings.integration.api.web.input.FieldErrors;
import com.holidaylistings.integration.api.web.input.IsoTimestamp;
import com.holidaylistings.integration.api.web.input.LimitParameter;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** The query of GET /enquiries, parsed and checked; every bad parameter is reported at once. */
record EnquirySearch(int limit, Optional<UUID> propertyId, Optional<String> status, Optional<Instant> since) {

    private static final LimitParameter LIMIT = new LimitParameter(50);

    static EnquirySearch parse(String limit, String propertyId, String status, String since) {
        FieldErrors errors = new FieldErrors();
        int parsedLimit = LIMIT.parse(limit, errors);
        Optional<UUID> property = Optional.ofNullable(propertyId).flatMap(CanonicalUuid::parse);
        if (propertyId != null && property.isEmpty()) {
            errors.add("property_id", "must be a UUID");
        }
        errors.oneOf("status", status, EnquiryStatus.VALUES);
        Optional<Instant> after = Optional.empty();
        if (since != null) {
            after = IsoTimestamp.parse(since);
            if (after.isEmpty()) {
                errors.add("since", IsoTimestamp.MUST_BE);
            }
        }
        errors.throwIfAny();
        return new EnquirySearch(parsedLimit, property, Optional.ofNullable(status), after);
    }
}
