package com.holidaylistings.integration.api.web.filter;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Headers every response gets before anything else can answer: {@code Strict-Transport-Security}
 * on a response over HTTPS (only there: over plain HTTP a browser must ignore it), {@code
 * X-Content-Type-Options: nosniff} everywhere, and {@code Cache-Control: no-store} on the APIs'
 * answers (owners' enquiries, tokens and secrets must not stay in a cache). The portal sets its own,
 * stricter set ({@code portal.PortalHeadersFilter}).
 */
public class SecurityHeadersFilter extends OncePerRequestFilter {

    static final String HSTS = "max-age=31536000; includeSubDomains";

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        addTo(request, response);
        chain.doFilter(request, response);
    }

    /** Also used for the errors Tomcat answers before any filter runs ({@code web.JsonErrorReportValve}). */
    public static void addTo(HttpServletRequest request, HttpServletResponse response) {
        if (request.isSecure()) {
            response.setHeader("Strict-Transport-Security", HSTS);
        }
        response.setHeader("X-Content-Type-Options", "nosniff");
        if (isApi(request.getRequestURI())) {
            response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        }
    }

    private static boolean isApi(String path) {
        return path != null
                && (path.startsWith("/integration/v1/")
                        || path.equals("/integration/v1")
                        || path.startsWith("/internal/v1/")
                        || path.equals("/internal/v1"));
    }
}
