package com.holidaylistings.integration.api.warmup;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationPredicate;
import java.util.UUID;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.stereotype.Component;

/**
 * Tells the warm-up's own requests apart, so that they are not observed: no {@code http.server.requests}
 * sample and no trace per request, thousands of each at every start otherwise. They carry a header
 * with a token that exists only in this process's memory; a request from outside that guessed the
 * header name without the token is observed as any other.
 */
@Component
class WarmUpRequests implements ObservationPredicate {

    static final String HEADER = "X-Warm-Up";

    private final String token = UUID.randomUUID().toString();

    /** The header's value on the warm-up's requests. */
    String token() {
        return token;
    }

    @Override
    public boolean test(String name, Observation.Context context) {
        return !(context instanceof ServerRequestObservationContext request
                && token.equals(request.getCarrier().getHeader(HEADER)));
    }
}
