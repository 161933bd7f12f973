package com.holidaylistings.integration.api.warmup;

import com.holidaylistings.integration.api.web.filter.UnloggedRequests;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationFilter;
import io.micrometer.tracing.exporter.FinishedSpan;
import io.micrometer.tracing.exporter.SpanExportingPredicate;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.UUID;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.stereotype.Component;

/**
 * Tells the warm-up's own requests apart. They are observed as every request is, so that the
 * warm-up compiles the observation's path too (the server span, its context's propagation, the
 * {@code http.server.requests} timer), but they leave nothing behind: their spans carry the tag
 * {@value #SPAN_TAG} and are not exported ({@link #isExportable}); the warm-up removes the
 * intake's {@code http.server.requests} meters once it has ended, before readiness; the access log
 * writes no line for them ({@link #isUnlogged}); and the intake rehearses them (runs them, then rolls
 * them back) instead of storing them. They carry a header with a token that exists only in this
 * process's memory, compared in constant time; a request from outside that guessed the header name
 * without the token is exported, logged and stored as any other.
 */
@Component
public class WarmUpRequests implements ObservationFilter, SpanExportingPredicate, UnloggedRequests {

    static final String HEADER = "X-Warm-Up";
    static final String SPAN_TAG = "warm_up";

    private final byte[] token = UUID.randomUUID().toString().getBytes(StandardCharsets.UTF_8);

    /** The header's value on the warm-up's requests. */
    String token() {
        return new String(token, StandardCharsets.UTF_8);
    }

    /** Whether {@code request} is one of this process's warm-up requests. */
    public boolean isWarmUp(HttpServletRequest request) {
        String header = request.getHeader(HEADER);
        return header != null && MessageDigest.isEqual(token, header.getBytes(StandardCharsets.UTF_8));
    }

    /** The access log leaves the warm-up's requests out. */
    @Override
    public boolean isUnlogged(HttpServletRequest request) {
        return isWarmUp(request);
    }

    /** Marks the server span of a warm-up request; a high-cardinality value, so no timer's tags change. */
    @Override
    public Observation.Context map(Observation.Context context) {
        if (context instanceof ServerRequestObservationContext request && isWarmUp(request.getCarrier())) {
            context.addHighCardinalityKeyValue(KeyValue.of(SPAN_TAG, "true"));
        }
        return context;
    }

    /** Exports every span but the warm-up's. */
    @Override
    public boolean isExportable(FinishedSpan span) {
        return !span.getTags().containsKey(SPAN_TAG);
    }
}
