package com.holidaylistings.integration.api.redelivery;

import com.holidaylistings.integration.api.web.input.FieldErrors;
import com.holidaylistings.integration.api.web.input.IsoTimestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** The body of {@code POST …/hooks/{hookId}/recover}: events submitted after {@code since} are recovered. */
public record RecoverRequest(String since) {

    /** How far back a recovery may reach, as the contract says. */
    public static final Duration WINDOW = Duration.ofDays(14);

    /** {@code since}, checked against {@code now}: a timestamp, not in the future, at most 14 days ago; else 400. */
    public Instant validSince(Instant now) {
        FieldErrors errors = new FieldErrors();
        Optional<Instant> parsed = Optional.empty();
        if (errors.required("since", since)) {
            parsed = IsoTimestamp.parse(since);
            if (parsed.isEmpty()) {
                errors.add("since", IsoTimestamp.MUST_BE);
            } else if (parsed.get().isAfter(now)) {
                errors.add("since", "must not be in the future");
            } else if (parsed.get().isBefore(now.minus(WINDOW))) {
                errors.add("since", "must be at most 14 days ago");
            }
        }
        errors.throwIfAny();
        return parsed.orElseThrow();
    }
}
