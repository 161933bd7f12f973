package com.holidaylistings.integration.api.web.input;

import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/** Parses only the canonical 8-4-4-4-12 form; {@link UUID#fromString} also accepts odd forms like "1-1-1-1-1". */
public final class CanonicalUuid {

    private static final Pattern CANONICAL =
            Pattern.compile("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");

    private CanonicalUuid() {}

    public static Optional<UUID> parse(String value) {
        if (value == null || !CANONICAL.matcher(value).matches()) {
            return Optional.empty();
        }
        return Optional.of(UUID.fromString(value));
    }
}
