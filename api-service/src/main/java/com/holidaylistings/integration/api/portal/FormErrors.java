package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.web.error.InvalidRequest;
import java.util.Map;
import java.util.stream.Collectors;

/** The API's field errors as one sentence for a person: "name is required". */
final class FormErrors {

    private static final Map<String, String> LABELS = Map.of("name", "Token name", "scopes", "Scopes");

    private FormErrors() {}

    static String describe(InvalidRequest invalid) {
        return invalid.fieldErrors().entrySet().stream()
                .map(field -> LABELS.getOrDefault(field.getKey(), field.getKey()) + " "
                        + String.join(", ", field.getValue()))
                .sorted()
                .collect(Collectors.joining("; "));
    }
}
