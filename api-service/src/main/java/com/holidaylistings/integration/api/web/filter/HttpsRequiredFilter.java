package com.holidaylistings.integration.api.web.filter;

import com.holidaylistings.integration.api.web.error.ApiError;
import com.holidaylistings.integration.api.web.error.JsonErrorWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses any request that did not reach us over HTTPS. With TLS on the port, plain HTTP never
 * gets this far (Tomcat answers it with an error); behind a TLS-terminating proxy the request is
 * secure only when a trusted proxy says {@code X-Forwarded-Proto: https}.
 */
public class HttpsRequiredFilter extends OncePerRequestFilter {

    private final JsonErrorWriter errors;

    public HttpsRequiredFilter(JsonErrorWriter errors) {
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!request.isSecure()) {
            errors.write(response, HttpServletResponse.SC_FORBIDDEN, ApiError.of("HTTPS required"));
            return;
        }
        chain.doFilter(request, response);
    }
}
