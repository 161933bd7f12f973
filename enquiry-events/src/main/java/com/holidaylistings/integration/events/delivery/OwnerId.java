package com.holidaylistings.integration.events.delivery;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;
import java.util.UUID;

/** The id of a property owner. Written as its UUID in JSON. */
public record OwnerId(@JsonValue UUID value) {

    public OwnerId {
        Objects.requireNonNull(value, "owner id");
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static OwnerId of(UUID value) {
        return new OwnerId(value);
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
