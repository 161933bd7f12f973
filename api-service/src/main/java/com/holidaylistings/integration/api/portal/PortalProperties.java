package com.holidaylistings.integration.api.portal;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The portal's settings. Without {@code baseUrl} the service does not start, unless {@code
 * allowRequestHost} says that links may take their host from the request (for local development
 * only: a request's {@code Host} header is the client's to choose, and a link is a credential).
 *
 * @param baseUrl {@code PORTAL_BASE_URL}: where owners reach api-service (e.g. {@code https://owners.example.com});
 *     required, an absolute https URL
 * @param allowRequestHost {@code PORTAL_ALLOW_REQUEST_HOST}: without a base URL, links take the scheme and host of
 *     the request that asks for them (false; the local stack and the tests set it)
 * @param frameAncestors {@code PORTAL_FRAME_ANCESTORS}: the CSP {@code frame-ancestors} sources allowed to embed the
 *     page, e.g. {@code https://www.holidaylistings.example}; {@code 'none'} by default
 * @param linkLifetime how long a link can be opened (10 minutes)
 * @param sessionLifetime {@code PORTAL_SESSION_LIFETIME}: how long a session lasts at most, however busy (1 hour)
 * @param sessionIdleTimeout {@code PORTAL_SESSION_IDLE_TIMEOUT}: a session without a request for this long ends
 *     (30 minutes), so that a portal left open on a shared or unattended computer does not stay usable
 * @param cookieSameSite the session cookie's {@code SameSite}: {@code Lax} (default) or {@code Strict};
 *     {@code None} only when the page is embedded in another site's frame
 */
@ConfigurationProperties("owner-api.portal")
record PortalProperties(
        @DefaultValue("") String baseUrl,
        @DefaultValue("false") boolean allowRequestHost,
        @DefaultValue("'none'") String frameAncestors,
        @DefaultValue("10m") Duration linkLifetime,
        @DefaultValue("1h") Duration sessionLifetime,
        @DefaultValue("30m") Duration sessionIdleTimeout,
        @DefaultValue("Lax") String cookieSameSite) {

    PortalProperties {
        if (sessionIdleTimeout.isNegative() || sessionIdleTimeout.isZero()) {
            throw new IllegalArgumentException("PORTAL_SESSION_IDLE_TIMEOUT must be positive, e.g. 30m");
        }
        if (baseUrl == null || baseUrl.isBlank()) {
            if (!allowRequestHost) {
                throw new IllegalArgumentException("PORTAL_BASE_URL must be set: the portal's one-time links are built"
                        + " on it (e.g. https://owners.example.com). For local development only,"
                        + " PORTAL_ALLOW_REQUEST_HOST=true takes the host from each request instead.");
            }
            baseUrl = "";
        } else if (!isAbsoluteHttps(baseUrl.strip())) {
            throw new IllegalArgumentException("PORTAL_BASE_URL must be an absolute https URL without query or"
                    + " fragment, e.g. https://owners.example.com");
        }
    }

    private static boolean isAbsoluteHttps(String url) {
        try {
            URI uri = new URI(url);
            return "https".equalsIgnoreCase(uri.getScheme())
                    && uri.getHost() != null
                    && uri.getRawQuery() == null
                    && uri.getRawFragment() == null
                    && uri.getRawUserInfo() == null;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
