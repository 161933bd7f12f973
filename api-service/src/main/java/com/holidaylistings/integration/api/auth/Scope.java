package com.holidaylistings.integration.api.auth;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** What a token may do. A token created without naming scopes has all of them. */
public enum Scope {
    PROPERTIES_READ("properties:read"),
    ENQUIRIES_READ("enquiries:read"),
    ENQUIRIES_WRITE("enquiries:write"),
    HOOKS_READ("hooks:read"),
    HOOKS_WRITE("hooks:write");

    private final String value;

    Scope(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    public static Optional<Scope> fromValue(String value) {
        return Arrays.stream(values())
                .filter(scope -> scope.value.equals(value))
                .findFirst();
    }

    public static List<String> allValues() {
        return Arrays.stream(values()).map(Scope::value).toList();
    }
}
