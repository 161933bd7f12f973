package com.holidaylistings.integration.api.attempts;

import java.util.Optional;
import java.util.regex.Pattern;

/** An attempt's id in a path: the attempt log's positive bigint, written plainly; anything else names no attempt. */
public final class AttemptIds {

    private static final Pattern DIGITS = Pattern.compile("[1-9][0-9]{0,18}");

    private AttemptIds() {}

    public static Optional<Long> parse(String value) {
        if (value == null || !DIGITS.matcher(value).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(value));
        } catch (NumberFormatException beyondLong) {
            return Optional.empty();
        }
    }
}
