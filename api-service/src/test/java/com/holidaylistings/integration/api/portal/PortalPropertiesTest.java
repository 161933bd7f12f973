package com.holidaylistings.integration.api.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PortalPropertiesTest {

    @Test
    void requiresABaseUrl() {
        assertThatThrownBy(() -> properties("", false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("PORTAL_BASE_URL must be set")
                .hasMessageContaining("PORTAL_ALLOW_REQUEST_HOST=true");
        assertThatThrownBy(() -> properties(null, false)).hasMessageContaining("PORTAL_BASE_URL must be set");
    }

    @Test
    void takesTheRequestsHostOnlyWhenExplicitlyAllowed() {
        assertThat(properties("", true).baseUrl()).isEmpty();
        assertThat(properties(null, true).baseUrl()).isEmpty();
    }

    @Test
    void acceptsAnAbsoluteHttpsBaseUrl() {
        assertThat(properties("https://owners.example.com", false).baseUrl()).isEqualTo("https://owners.example.com");
        assertThat(properties("https://example.com/owners/", false).baseUrl()).isEqualTo("https://example.com/owners/");
    }

    @Test
    void refusesABaseUrlThatIsNotAnAbsoluteHttpsUrl() {
        for (String url : new String[] {
            "http://owners.example.com",
            "owners.example.com",
            "/portal",
            "https://owners.example.com/?x=1",
            "https://user@owners.example.com",
            "https://a b"
        }) {
            assertThatThrownBy(() -> properties(url, true))
                    .as(url)
                    .hasMessageContaining("PORTAL_BASE_URL must be an absolute https URL");
        }
    }

    private static PortalProperties properties(String baseUrl, boolean allowRequestHost) {
        return new PortalProperties(
                baseUrl,
                allowRequestHost,
                "'none'",
                Duration.ofMinutes(10),
                Duration.ofHours(1),
                Duration.ofMinutes(30),
                "Lax");
    }
}
