package com.holidaylistings.integration.api.web.filter;

import com.holidaylistings.integration.api.web.error.JsonErrorWriter;
import com.holidaylistings.integration.api.web.error.Outage;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.Semaphore;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Bounds the requests the service works on at once and answers the others at once with 503 and
 * {@code Retry-After}, as an outage is answered, so that the client sends them again later.
 *
 * <p>Requests run on virtual threads, so nothing else bounds them: when the database is slow or
 * the service has just restarted into a stream of enquiries, every request waits for one of the
 * pool's connections, and each waiting request keeps its connection, TLS buffers and body on the
 * heap. Two thousand of them filled the heap and the service died of it; a few hundred waiting
 * gain nothing over a quick 503 that the client retries with the same idempotency key.
 */
public class InFlightRequestLimitFilter extends OncePerRequestFilter {

    private final Semaphore permits;
    private final JsonErrorWriter errors;
    private final Counter refused;

    public InFlightRequestLimitFilter(int maxInFlight, JsonErrorWriter errors, MeterRegistry registry) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("SERVER_MAX_IN_FLIGHT_REQUESTS must be at least 1, not " + maxInFlight);
        }
        this.permits = new Semaphore(maxInFlight);
        this.errors = errors;
        this.refused = Counter.builder("http.server.requests.refused")
                .description("Requests answered 503 at once because the service was working on as many as it may")
                .register(registry);
        Gauge.builder("http.server.requests.in.flight", permits, p -> maxInFlight - p.availablePermits())
                .description("Requests the service is working on (at most SERVER_MAX_IN_FLIGHT_REQUESTS)")
                .register(registry);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!permits.tryAcquire()) {
            refused.increment();
            Outage.report(new TooManyRequestsInFlight());
            Outage.answer(response, errors);
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            permits.release();
        }
    }

    /** What the 503's log line says. */
    private static final class TooManyRequestsInFlight extends RuntimeException {

        TooManyRequestsInFlight() {
            super("as many requests in flight as SERVER_MAX_IN_FLIGHT_REQUESTS allows", null, false, false);
        }
    }
}
