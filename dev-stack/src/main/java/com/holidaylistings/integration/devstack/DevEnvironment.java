package com.holidaylistings.integration.devstack;

import java.util.Map;
import java.util.Optional;

/** The environment the launcher runs in: its DEV_* settings (dev/README.md) and what the services inherit. */
public final class DevEnvironment {

    private final Map<String, String> variables;

    public DevEnvironment(Map<String, String> variables) {
        this.variables = Map.copyOf(variables);
    }

    /** A variable that is set and not empty. */
    public Optional<String> get(String name) {
        return Optional.ofNullable(variables.get(name)).filter(value -> !value.isEmpty());
    }

    public String get(String name, String otherwise) {
        return get(name).orElse(otherwise);
    }

    public int integer(String name, int otherwise) {
        String value = get(name, Integer.toString(otherwise));
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new StackFailure(name + " must be a whole number (not " + value + ")");
        }
    }

    /**
     * A switch such as DEV_METRICS: 1, true, yes or on; 0, false, no, off or unset; anything else is refused,
     * saying what 1 does ({@code meaning}).
     */
    public boolean flag(String name, String meaning) {
        String value = get(name, "0");
        return switch (value) {
            case "1", "true", "yes", "on" -> true;
            case "0", "false", "no", "off" -> false;
            default -> throw new StackFailure(name + " must be 1 (" + meaning + ") or 0 (not " + value + ")");
        };
    }

    /** How long each process may take to be ready: DEV_READY_TIMEOUT seconds, 90 by default. */
    public java.time.Duration readyTimeout() {
        return java.time.Duration.ofSeconds(integer("DEV_READY_TIMEOUT", 90));
    }
}
