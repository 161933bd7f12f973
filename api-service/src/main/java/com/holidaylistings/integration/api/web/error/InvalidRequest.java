package com.holidaylistings.integration.api.web.error;

import java.util.List;
import java.util.Map;

/** A request whose parameters or body broke the rules; answered 400 with every field's messages. */
public class InvalidRequest extends RuntimeException {

    private final transient Map<String, List<String>> fieldErrors;

    public InvalidRequest(Map<String, List<String>> fieldErrors) {
        super("Invalid request: " + fieldErrors);
        this.fieldErrors = Map.copyOf(fieldErrors);
    }

    public static InvalidRequest of(String field, String message) {
        return new InvalidRequest(Map.of(field, List.of(message)));
    }

    public Map<String, List<String>> fieldErrors() {
        return fieldErrors;
    }
}
