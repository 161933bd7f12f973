package com.holidaylistings.integration.api.web.filter;

import com.holidaylistings.integration.api.web.error.JsonErrorWriter;
import com.holidaylistings.integration.api.web.error.Outage;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Answers 503 when a filter after it fails because of an {@link Outage}: authentication and the
 * rate limit read PostgreSQL before any controller runs, so the controller advice
 * ({@code web.error.ApiExceptionHandler}) never sees their failures. Other failures pass through
 * untouched.
 */
public class OutageFilter extends OncePerRequestFilter {

    private final JsonErrorWriter errors;

    public OutageFilter(JsonErrorWriter errors) {
        this.errors = errors;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        try {
            chain.doFilter(request, response);
        } catch (RuntimeException | ServletException failure) {
            if (!Outage.explains(failure) || response.isCommitted()) {
                throw failure;
            }
            Outage.report(failure);
            Outage.answer(response, errors);
        }
    }
}
