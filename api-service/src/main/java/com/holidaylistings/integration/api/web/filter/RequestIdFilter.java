package com.holidaylistings.integration.api.web.filter;

import io.micrometer.common.KeyValue;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.filter.ServerHttpObservationFilter;

/**
 * Gives every request an id: the caller's {@code X-Request-Id} when it is a sane token, a new one
 * otherwise. It is echoed on the response, logged with every line (and in one access-log line per
 * request, except the requests {@link UnloggedRequests} names), tagged on the request's server span, and
 * stored with the outbox event the request creates.
 */
public class RequestIdFilter extends OncePerRequestFilter {

    public static final String HEADER = "X-Request-Id";
    public static final String MDC_KEY = "requestId";
    static final String SPAN_TAG = "request.id";
    private static final Logger access = LoggerFactory.getLogger("access");
    private static final Pattern SANE = Pattern.compile("^[A-Za-z0-9._-]{1,64}$");

    private final UnloggedRequests unlogged;

    public RequestIdFilter(UnloggedRequests unlogged) {
        this.unlogged = unlogged;
    }

    public static String current() {
        return MDC.get(MDC_KEY);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String given = request.getHeader(HEADER);
        String requestId = given != null && SANE.matcher(given).matches()
                ? given
                : UUID.randomUUID().toString();
        response.setHeader(HEADER, requestId);
        MDC.put(MDC_KEY, requestId);
        // the request's server span is found by its request id too (Zipkin: annotationQuery=request.id=...)
        ServerHttpObservationFilter.findObservationContext(request)
                .ifPresent(span -> span.addHighCardinalityKeyValue(KeyValue.of(SPAN_TAG, requestId)));
        long started = System.nanoTime();
        try {
            chain.doFilter(request, response);
        } finally {
            if (!unlogged.isUnlogged(request)) {
                access.info(
                        "{} {} {} {} ms",
                        request.getMethod(),
                        request.getRequestURI(),
                        response.getStatus(),
                        (System.nanoTime() - started) / 1_000_000);
            }
            MDC.remove(MDC_KEY);
        }
    }
}
