package com.holidaylistings.integration.api.auth;

import com.holidaylistings.integration.api.web.ApiError;
import com.holidaylistings.integration.api.web.JsonErrorWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.springframework.web.filter.OncePerRequestFilter;

/** Guards {@code /internal/v1} with {@code X-Admin-Key}; answers 404 for every path when no key is configured. */
class AdminKeyFilter extends OncePerRequestFilter {

    static final String HEADER = "X-Admin-Key";

    private final InternalApiProperties properties;
    private final JsonErrorWriter errors;

    AdminKeyFilter(InternalApiProperties properties, JsonErrorWriter errors) {
        this.properties = properties;
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!properties.enabled()) {
            errors.write(response, HttpServletResponse.SC_NOT_FOUND, ApiError.of(ApiError.NOT_FOUND));
            return;
        }
        String given = request.getHeader(HEADER);
        if (given == null || !MessageDigest.isEqual(bytes(given), bytes(properties.adminApiKey()))) {
            errors.write(response, HttpServletResponse.SC_UNAUTHORIZED, ApiError.of(ApiError.UNAUTHORIZED));
            return;
        }
        chain.doFilter(request, response);
    }

    private static byte[] bytes(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }
}
