package com.holidaylistings.integration.api.web.error;

import java.time.LocalDate;
import java.time.temporal.Temporal;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.http.converter.HttpMessageNotReadableException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.MismatchedInputException;

/** Turns a body that Jackson could not read into field errors named by their JSON path. */
final class JsonBodyErrors {

    private JsonBodyErrors() {}

    static Map<String, List<String>> of(HttpMessageNotReadableException exception) {
        Throwable cause = exception.getCause();
        if (cause == null) {
            return Map.of("body", List.of("is required and must be a JSON object"));
        }
        if (cause instanceof InputCoercionException coercion) {
            return Map.of(pathOf(coercion, "body"), List.of("is out of range"));
        }
        if (cause instanceof StreamReadException) {
            return Map.of("body", List.of("is not valid JSON"));
        }
        if (cause instanceof MismatchedInputException mismatch) {
            String path = pathOf(mismatch, "body");
            return Map.of(path, List.of(expectation(mismatch.getTargetType(), path)));
        }
        if (cause instanceof JacksonException jackson && !jackson.getPath().isEmpty()) {
            // e.g. a record constructor refusing the value
            return Map.of(pathOf(jackson, "body"), List.of("is invalid"));
        }
        return Map.of("body", List.of("is not valid JSON"));
    }

    private static String pathOf(JacksonException exception, String whenEmpty) {
        String path = exception.getPath().stream()
                .map(reference -> reference.getPropertyName() != null
                        ? reference.getPropertyName()
                        : "[" + reference.getIndex() + "]")
                .collect(Collectors.joining("."))
                .replace(".[", "[");
        return path.isEmpty() ? whenEmpty : path;
    }

    private static String expectation(Class<?> type, String path) {
        if (type == null) {
            return "is invalid";
        }
        if ("body".equals(path)) {
            return "must be a JSON object";
        }
        if (type == String.class) {
            return "must be a string";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "must be an integer";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "must be true or false";
        }
        if (type == UUID.class) {
            return "must be a UUID";
        }
        if (type == LocalDate.class) {
            return "must be a date (YYYY-MM-DD)";
        }
        if (Temporal.class.isAssignableFrom(type)) {
            return "must be an ISO 8601 timestamp";
        }
        if (List.class.isAssignableFrom(type) || type.isArray()) {
            return "must be an array";
        }
        return "must be an object";
    }
}
