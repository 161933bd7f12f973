package com.holidaylistings.integration.dispatcher.redelivery;

import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.stereotype.Component;

/**
 * {@code POST /actuator/deadletters} on the management port: replays the abandoned deliveries (see
 * {@link DeadLetterReplay}), optionally only those of one subscription ({@code subscription}, in
 * the JSON body or the query). Answers {@code {"replayed"}}, 400 for a subscription that is not a UUID.
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
        return new WebEndpointResponse<>(replay.replay(only), 200);
    }
}
