package com.holidaylistings.integration.api.web.input;

/** The {@code limit} query parameter of a list: 1 to 100, with a default per list. */
public record LimitParameter(int defaultValue) {

    public static final int MAX = 100;

    public int parse(String value) {
        FieldErrors errors = new FieldErrors();
        int limit = parse(value, errors);
        errors.throwIfAny();
        return limit;
    }

    /** Parses into {@code errors} so that a list with more parameters reports them all at once. */
    public int parse(String value, FieldErrors errors) {
        if (value == null) {
            return defaultValue;
        }
        try {
            int limit = Integer.parseInt(value.trim());
            if (limit >= 1 && limit <= MAX) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        errors.add("limit", "must be an integer between 1 and " + MAX);
        return defaultValue;
    }
}
