package com.holidaylistings.integration.api.enquiry;

import com.holidaylistings.integration.api.web.CanonicalUuid;
import com.holidaylistings.integration.api.web.FieldErrors;
import com.holidaylistings.integration.api.web.LimitParameter;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/** The query of GET /enquiries, parsed and checked; every bad parameter is reported at once. */
record EnquirySearch(int limit, Optional<UUID> propertyId, Optional<String> status, Optional<Instant> since) {

    private static final LimitParameter LIMIT = new LimitParameter(50);
    private static final Instant EARLIEST = Instant.parse("0000-01-01T00:00:00Z");
    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999999Z");
    // An unencoded '+' in a query string arrives as a space: "10:15:30 01:00" means "10:15:30+01:00".
    private static final Pattern SPACE_FOR_PLUS = Pattern.compile(" (\\d{2}(:?\\d{2})?)$");

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
            after = parseTimestamp(since);
            if (after.isEmpty()) {
                errors.add("since", "must be an ISO 8601 timestamp with Z or an offset, e.g. 2026-11-22T10:15:30Z");
            }
        }
        errors.throwIfAny();
        return new EnquirySearch(parsedLimit, property, Optional.ofNullable(status), after);
    }

    /**
     * Within the years of RFC 3339 (the database cannot compare far beyond them), and cut to the
     * microseconds that {@code sent_at} has: after 10:15:30.0000019 is after 10:15:30.000001.
     */
    private static Optional<Instant> parseTimestamp(String value) {
        try {
            Instant instant =
                    OffsetDateTime.parse(SPACE_FOR_PLUS.matcher(value.trim()).replaceFirst("+$1")).toInstant();
            if (instant.isBefore(EARLIEST) || instant.isAfter(LATEST)) {
                return Optional.empty();
            }
            return Optional.of(instant.truncatedTo(ChronoUnit.MICROS));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
