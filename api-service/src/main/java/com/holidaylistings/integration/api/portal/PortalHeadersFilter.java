package com.holidaylistings.integration.api.portal;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Strict headers on every portal response: no inline script, no framing except by the configured
 * listing site, no sniffing, no referrer (a link's token never leaves in one), no caching.
 */
class PortalHeadersFilter extends OncePerRequestFilter {

    private final String contentSecurityPolicy;

    PortalHeadersFilter(PortalProperties settings) {
        this.contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self';"
                + " object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors "
                + settings.frameAncestors();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        response.setHeader("Content-Security-Policy", contentSecurityPolicy);
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
        response.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
        chain.doFilter(request, response);
    }
}
