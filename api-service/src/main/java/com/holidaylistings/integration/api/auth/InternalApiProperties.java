package com.holidaylistings.integration.api.auth;

import java.util.Arrays;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code ADMIN_API_KEY}: the shared key of the internal API, or several separated by commas while
 * one replaces another (each is accepted); with none configured the internal API is off. A key
 * shorter than {@link #MIN_KEY_LENGTH} characters stops the service at start.
 */
@ConfigurationProperties("owner-api.internal")
public record InternalApiProperties(String adminApiKey) {

    static final int MIN_KEY_LENGTH = 32;

    public InternalApiProperties {
        List<String> keys = split(adminApiKey);
        for (int i = 0; i < keys.size(); i++) {
            int length = keys.get(i).length();
            if (length < MIN_KEY_LENGTH) {
                throw new IllegalArgumentException("ADMIN_API_KEY: every key must be at least " + MIN_KEY_LENGTH
                        + " characters long, but key " + (i + 1) + " of " + keys.size() + " has " + length
                        + " (generate one with: openssl rand -hex 32)");
            }
        }
    }

    boolean enabled() {
        return !keys().isEmpty();
    }

    /** The accepted keys, in the order given. */
    public List<String> keys() {
        return split(adminApiKey);
    }

    private static List<String> split(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        return Arrays.stream(value.split(","))
                .map(String::strip)
                .filter(key -> !key.isEmpty())
                .toList();
    }
}
