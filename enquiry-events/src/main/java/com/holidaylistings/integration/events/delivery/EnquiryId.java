package com.holidaylistings.integration.events.delivery;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;
import java.util.UUID;

/** The id of a guest's enquiry, and of its {@code enquiry.created} event's subject. Written as its UUID in JSON. */
public record EnquiryId(@JsonValue UUID value) {

    public EnquiryId {
        Objects.requireNonNull(value, "enquiry id");
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static EnquiryId of(UUID value) {
        return new EnquiryId(value);
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
