package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.web.error.InvalidRequest;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The API's field errors as one sentence for a person: "Token name is required", "Header Host is set
 * by the delivery itself and cannot be overridden".
 */
final class FormErrors {

    private static final Map<String, String> LABELS =
            Map.of("name", "Token name", "scopes", "Scopes", "headers", "The hook's headers");
    private static final String HEADER = "headers.";

    private FormErrors() {}

    static String describe(InvalidRequest invalid) {
        return invalid.fieldErrors().entrySet().stream()
                .map(field -> label(field.getKey()) + " " + String.join(", ", field.getValue()))
                .sorted()
                .collect(Collectors.joining("; "));
    }

    private static String label(String field) {
        return field.startsWith(HEADER)
                ? "Header " + field.substring(HEADER.length())
                : LABELS.getOrDefault(field, field);
    }
}
