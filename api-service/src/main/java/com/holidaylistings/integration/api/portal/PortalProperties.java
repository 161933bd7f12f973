package com.holidaylistings.integration.api.portal;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The portal's settings.
 *
 * @param baseUrl {@code PORTAL_BASE_URL}: where owners reach api-service (e.g. {@code https://owners.example.com});
 *     empty: the scheme and host of the request that asks for the link
 * @param frameAncestors {@code PORTAL_FRAME_ANCESTORS}: the CSP {@code frame-ancestors} sources allowed to embed the
 *     page, e.g. {@code https://www.holidaylistings.example}; {@code 'none'} by default
 * @param linkLifetime how long a link can be opened (10 minutes)
 * @param sessionLifetime how long a session lasts (1 hour)
 * @param cookieSameSite the session cookie's {@code SameSite}: {@code Lax} (default) or {@code Strict};
 *     {@code None} only when the page is embedded in another site's frame
 */
@ConfigurationProperties("owner-api.portal")
record PortalProperties(
        @DefaultValue("") String baseUrl,
        @DefaultValue("'none'") String frameAncestors,
        @DefaultValue("10m") Duration linkLifetime,
        @DefaultValue("1h") Duration sessionLifetime,
        @DefaultValue("Lax") String cookieSameSite) {}
