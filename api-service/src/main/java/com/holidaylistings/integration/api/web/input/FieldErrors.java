package com.holidaylistings.integration.api.web.input;

import com.holidaylistings.integration.api.web.error.InvalidRequest;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Collects validation messages per field (named as in the JSON) and throws them all at once as
 * {@link InvalidRequest}. The checks return whether the value passed, so callers can chain
 * dependent checks.
 */
public final class FieldErrors {

    // Deliberately simple: one @, no spaces, a dot in the domain. Real validation is the guest's inbox.
    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$");
    private static final int MAX_EMAIL_LENGTH = 254;

    private final Map<String, List<String>> errors = new LinkedHashMap<>();

    public FieldErrors add(String field, String message) {
        errors.computeIfAbsent(field, f -> new ArrayList<>()).add(message);
        return this;
    }

    public boolean isEmpty() {
        return errors.isEmpty();
    }

    public Map<String, List<String>> asMap() {
        return Map.copyOf(errors);
    }

    /** Throws the collected errors, if any. */
    public void throwIfAny() {
        if (!errors.isEmpty()) {
            throw new InvalidRequest(asMap());
        }
    }

    public boolean required(String field, Object value) {
        if (value == null) {
            add(field, "is required");
            return false;
        }
        return true;
    }

    /** A required string of 1 to {@code maxLength} characters of clean text. */
    public boolean requiredText(String field, String value, int maxLength) {
        if (!required(field, value)) {
            return false;
        }
        if (value.isBlank()) {
            add(field, "must not be blank");
            return false;
        }
        return optionalText(field, value, maxLength);
    }

    /** An optional string (null passes) of at most {@code maxLength} characters of clean text. */
    public boolean optionalText(String field, String value, int maxLength) {
        if (value == null) {
            return true;
        }
        // Characters as the person typing them counts them: an emoji is one, not two UTF-16 units.
        if (value.codePointCount(0, value.length()) > maxLength) {
            add(field, "must be at most " + maxLength + " characters");
            return false;
        }
        if (!CleanText.isClean(value)) {
            add(field, "must not contain control characters or invalid Unicode");
            return false;
        }
        return true;
    }

    public boolean requiredEmail(String field, String value) {
        if (!requiredText(field, value, MAX_EMAIL_LENGTH)) {
            return false;
        }
        if (!EMAIL.matcher(value).matches()) {
            add(field, "must be an e-mail address");
            return false;
        }
        return true;
    }

    public boolean oneOf(String field, String value, Collection<String> allowed) {
        if (value != null && !allowed.contains(value)) {
            add(field, "must be one of " + String.join(", ", allowed));
            return false;
        }
        return true;
    }

    public boolean between(String field, Integer value, int min, int max) {
        if (value != null && (value < min || value > max)) {
            add(field, "must be an integer between " + min + " and " + max);
            return false;
        }
        return true;
    }

    public boolean after(String field, LocalDate value, String otherField, LocalDate other) {
        if (value != null && other != null && !value.isAfter(other)) {
            add(field, "must be after " + otherField);
            return false;
        }
        return true;
    }
}
