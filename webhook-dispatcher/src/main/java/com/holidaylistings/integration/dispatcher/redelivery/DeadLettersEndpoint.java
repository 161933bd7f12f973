package com.holidaylistings.integration.dispatcher.redelivery;

import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.stereotype.Component;

/**
 * {@code POST /actuator/deadletters} on the management port: replays the dead-letter topic (see
 * {@link DeadLetterReplay}), optionally only the dead letters of one subscription
 * ({@code subscription}, in the JSON body or the query). Answers {@code {"replayed","skipped"}},
 * 400 for a subscription that is not a UUID, 409 while another replay runs.
 */
@Component
@Endpoint(id = "deadletters")
class DeadLettersEndpoint {

    private final DeadLetterReplay replay;

    DeadLettersEndpoint(DeadLetterReplay replay) {
        this.replay = replay;
    }

    @WriteOperation
    WebEndpointResponse<Object> replay(@Nullable String subscription) {
        UUID only;
        try {
            only = subscription == null || subscription.isBlank() ? null : UUID.fromString(subscription.strip());
        } catch (IllegalArgumentException e) {
            return new WebEndpointResponse<>(Map.of("error", "subscription must be a subscription id (a UUID)"), 400);
        }
        try {
            return new WebEndpointResponse<>(replay.replay(only), 200);
        } catch (DeadLetterReplay.AlreadyRunning e) {
            return new WebEndpointResponse<>(Map.of("error", e.getMessage()), 409);
        }
    }
}
