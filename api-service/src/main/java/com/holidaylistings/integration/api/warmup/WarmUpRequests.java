package com.holidaylistings.integration.api.warmup;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationPredicate;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.UUID;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.stereotype.Component;

/**
 * Tells the warm-up's own requests apart, so that they leave no trace of their own: no {@code
 * http.server.requests} sample, no trace and no access-log line per request (the access log asks
 * {@link #isWarmUp}), a thousand of each at every start otherwise; the warm-up logs one line of its
 * own; and the intake rehearses them (runs them, then rolls them back) instead of storing them. They
 * carry a header with a token that exists only in this process's memory, compared in constant
 * time; a request from outside that guessed the header name without the token is observed, logged
 * and stored as any other.
 */
@Component
public class WarmUpRequests implements ObservationPredicate {

    static final String HEADER = "X-Warm-Up";

    private final String token = UUID.randomUUID().toString();

    /** The header's value on the warm-up's requests. */
    String token() {
        return token;
    }

    /** Whether {@code request} is one of this process's warm-up requests. */
    public boolean isWarmUp(HttpServletRequest request) {
        String header = request.getHeader(HEADER);
        return header != null && MessageDigest.isEqual(
                token.getBytes(StandardCharsets.UTF_8), header.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public boolean test(String name, Observation.Context context) {
        return !(context instanceof ServerRequestObservationContext request && isWarmUp(request.getCarrier()));
    }
}
