package com.holidaylistings.integration.api.attempts;

import com.holidaylistings.integration.api.web.input.FieldErrors;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A position in a hook's attempt log, newest first: the attempt's time (to the microsecond, as the
 * database keeps it) and id, the log's order. Opaque to clients ({@code next}, {@code before}), so
 * that the order's columns can change without breaking them; a key rather than an offset, so that a
 * page is one range of delivery_attempts_subscription_recent_idx however deep it is.
 */
public record AttemptCursor(Instant attemptedAt, long id) {

    private static final Pattern DECODED = Pattern.compile("(-?\\d{1,19})\\.(\\d{1,19})");
    private static final String MUST_BE = "must be a cursor given as next by a previous page";

    public static AttemptCursor of(DeliveryAttempt attempt) {
        return new AttemptCursor(attempt.attemptedAt(), Long.parseLong(attempt.attemptId()));
    }

    public String encode() {
        long micros = ChronoUnit.MICROS.between(Instant.EPOCH, attemptedAt);
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString((micros + "." + id).getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * The cursor given as {@code field}, null when absent; anything that {@link #encode()} did not
     * make is added to {@code errors}.
     */
    public static AttemptCursor decode(String field, String value, FieldErrors errors) {
        if (value == null) {
            return null;
        }
        try {
            Matcher parts = DECODED.matcher(
                    new String(Base64.getUrlDecoder().decode(value.strip()), StandardCharsets.US_ASCII));
            if (parts.matches()) {
                long micros = Long.parseLong(parts.group(1));
                long id = Long.parseLong(parts.group(2));
                Instant at = Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
                if (at.isAfter(Instant.parse("0000-01-01T00:00:00Z"))
                        && at.isBefore(Instant.parse("9999-12-31T00:00:00Z"))) {
                    return new AttemptCursor(at, id);
                }
            }
        } catch (IllegalArgumentException | ArithmeticException | DateTimeException malformed) {
            // reported below, as every other malformed value
        }
        errors.add(field, MUST_BE);
        return null;
    }
}
