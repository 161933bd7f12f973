package com.holidaylistings.integration.devstack;

import java.nio.file.Path;
import java.util.Map;

/**
 * The stack's secrets, made once under .dev and readable by its user only: the internal API's admin key,
 * the keys that encrypt webhook secrets, each database role's and Kafka principal's password
 * ({@code .dev/credentials.env}: PG_API_SERVICE_PASSWORD, KAFKA_ADMIN_PASSWORD, ...) and api-service's
 * self-signed HTTPS certificate.
 */
public record Secrets(
        String adminApiKey,
        String encryptionKeys,
        Map<String, String> credentials,
        Path keystore,
        String keystorePassword,
        Path caCertificate) {

    /** The password {@code name} of .dev/credentials.env, such as PG_API_SERVICE_PASSWORD. */
    public String password(String name) {
        String value = credentials.get(name);
        if (value == null) {
            throw new IllegalStateException("no " + name + " in .dev/credentials.env");
        }
        return value;
    }
}
