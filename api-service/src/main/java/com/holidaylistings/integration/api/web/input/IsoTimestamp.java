package com.holidaylistings.integration.api.web.input;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.regex.Pattern;

/** A timestamp given by a client: ISO 8601 with {@code Z} or an offset, as {@code since} takes it everywhere. */
public final class IsoTimestamp {

    /** The message of a value that is not one. */
    public static final String MUST_BE = "must be an ISO 8601 timestamp with Z or an offset, e.g. 2026-11-22T10:15:30Z";

    private static final Instant EARLIEST = Instant.parse("0000-01-01T00:00:00Z");
    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999999Z");
    // An unencoded '+' in a query string arrives as a space: "10:15:30 01:00" means "10:15:30+01:00".
    private static final Pattern SPACE_FOR_PLUS = Pattern.compile(" (\\d{2}(:?\\d{2})?)$");

    private IsoTimestamp() {}

    /**
     * Within the years of RFC 3339 (the database cannot compare far beyond them), and cut to the
     * microseconds that the database's timestamps have: after 10:15:30.0000019 is after 10:15:30.000001.
     */
    public static Optional<Instant> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            Instant instant = OffsetDateTime.parse(
                            SPACE_FOR_PLUS.matcher(value.trim()).replaceFirst("+$1"))
                    .toInstant();
            if (instant.isBefore(EARLIEST) || instant.isAfter(LATEST)) {
                return Optional.empty();
            }
            return Optional.of(instant.truncatedTo(ChronoUnit.MICROS));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
