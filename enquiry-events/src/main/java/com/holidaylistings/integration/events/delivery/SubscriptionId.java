package com.holidaylistings.integration.events.delivery;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;
import java.util.UUID;

/** The id of a webhook subscription (called a hook in the APIs' paths and fields). Written as its UUID in JSON. */
public record SubscriptionId(@JsonValue UUID value) {

    public SubscriptionId {
        Objects.requireNonNull(value, "subscription id");
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static SubscriptionId of(UUID value) {
        return new SubscriptionId(value);
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
