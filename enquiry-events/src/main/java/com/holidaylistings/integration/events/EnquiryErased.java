package com.holidaylistings.integration.events;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * The {@code enquiry.erased} event: the guest of the enquiry {@code enquiry_id} asked to be erased
 * (GDPR article 17), and api-service erased their name, e-mail address, subject and message
 * everywhere it keeps them. It carries ids and times only, never what was erased, so that every
 * consumer that kept a copy of the enquiry's {@code enquiry.created} can erase it too. One event per
 * enquiry, published on {@link #TOPIC} keyed by the enquiry id, as {@code enquiry.created} is.
 */
@JsonPropertyOrder({"event", "enquiry_id", "erased_at"})
public record EnquiryErased(
        @JsonProperty("event") String event,
        @JsonProperty("enquiry_id") UUID enquiryId,
        @JsonProperty("erased_at") Instant erasedAt) {

    /** The event type, also the name of the topic it is published to. */
    public static final String TYPE = "enquiry.erased";

    /** The Kafka topic of erasures, readable by the downstream principal as {@code enquiry.created} is. */
    public static final String TOPIC = TYPE;

    public EnquiryErased {
        if (!TYPE.equals(event)) {
            throw new IllegalArgumentException("event must be " + TYPE + " but was " + event);
        }
        Objects.requireNonNull(enquiryId, "enquiry_id");
        Objects.requireNonNull(erasedAt, "erased_at");
    }

    public static EnquiryErased of(UUID enquiryId, Instant erasedAt) {
        return new EnquiryErased(TYPE, enquiryId, erasedAt);
    }
}
