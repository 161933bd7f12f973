package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.api.web.error.InvalidRequest;
import java.util.Map;

/**
 * The body of {@code PUT …/throttle}: {@code per_second}, an integer from 1 to 1000, or null for no
 * throttle. The field must be given: a body without it (a misspelt name) would otherwise lift the
 * throttle. Other fields are ignored, as everywhere.
 */
public record ThrottleRequest(Integer perSecond) {

    public static final String FIELD = "per_second";
    public static final int MIN = 1;
    public static final int MAX = 1000;
    private static final String MUST_BE = "must be an integer between " + MIN + " and " + MAX + ", or null";

    /** Reads the JSON body; 400 for a missing field, a value that is not an integer, or one out of range. */
    static ThrottleRequest of(Map<String, Object> body) {
        if (!body.containsKey(FIELD)) {
            throw InvalidRequest.of(FIELD, "is required (null for no throttle)");
        }
        Object value = body.get(FIELD);
        if (value == null) {
            return new ThrottleRequest(null);
        }
        Integer perSecond = integer(value);
        if (perSecond == null || perSecond < MIN || perSecond > MAX) {
            throw InvalidRequest.of(FIELD, MUST_BE);
        }
        return new ThrottleRequest(perSecond);
    }

    /** A form's value: empty for no throttle, else the integer typed; 400 as for the API. */
    public static ThrottleRequest ofText(String value) {
        if (value == null || value.isBlank()) {
            return new ThrottleRequest(null);
        }
        try {
            return of(Map.of(FIELD, Integer.parseInt(value.strip())));
        } catch (NumberFormatException notAnInteger) {
            throw InvalidRequest.of(FIELD, MUST_BE);
        }
    }

    /**
     * An integral JSON number that fits an int, as Jackson reads one into a map; anything else (a
     * string, 2.5, 1.0, a number beyond an int) is null: nobody means 1.0 as a rate, and a wider
     * number is out of range anyway.
     */
    private static Integer integer(Object value) {
        return value instanceof Integer i ? i : null;
    }
}
