package com.holidaylistings.integration.api.auth;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** {@code ADMIN_API_KEY}: the shared key of the internal API; with none configured the internal API is off. */
@ConfigurationProperties("owner-api.internal")
record InternalApiProperties(String adminApiKey) {

    boolean enabled() {
        return adminApiKey != null && !adminApiKey.isBlank();
    }
}
