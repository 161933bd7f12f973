package com.holidaylistings.integration.events;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * The {@code enquiry.created} event payload of the specification, section 6: the exact JSON that
 * goes into the outbox, onto the Kafka topic and into every webhook body. Built once, here.
 */
@JsonPropertyOrder({
    "event", "enquiry_id", "property_id", "property_title", "property_url", "owner_email",
    "subject", "message", "status", "sent_at", "user_name", "user_email", "party_details"
})
public record EnquiryCreated(
        @JsonProperty("event") String event,
        @JsonProperty("enquiry_id") UUID enquiryId,
        @JsonProperty("property_id") UUID propertyId,
        @JsonProperty("property_title") String propertyTitle,
        @JsonProperty("property_url") String propertyUrl,
        @JsonProperty("owner_email") String ownerEmail,
        @JsonProperty("subject") String subject,
        @JsonProperty("message") String message,
        @JsonProperty("status") String status,
        @JsonProperty("sent_at") Instant sentAt,
        @JsonProperty("user_name") String userName,
        @JsonProperty("user_email") String userEmail,
        @JsonProperty("party_details") PartyDetails partyDetails) {

    /** The event type, also the name of the topic it is published to. */
    public static final String TYPE = "enquiry.created";

    public EnquiryCreated {
        if (!TYPE.equals(event)) {
            throw new IllegalArgumentException("event must be " + TYPE + " but was " + event);
        }
        Objects.requireNonNull(enquiryId, "enquiry_id");
        Objects.requireNonNull(propertyId, "property_id");
        Objects.requireNonNull(sentAt, "sent_at");
        Objects.requireNonNull(partyDetails, "party_details");
    }

    /** A newly submitted enquiry: the only moment this event is emitted, so its status is {@code sent}. */
    public static EnquiryCreated of(
            UUID enquiryId,
            UUID propertyId,
            String propertyTitle,
            String propertyUrl,
            String ownerEmail,
            String subject,
            String message,
            Instant sentAt,
            String userName,
            String userEmail,
            PartyDetails partyDetails) {
        return new EnquiryCreated(TYPE, enquiryId, propertyId, propertyTitle, propertyUrl, ownerEmail,
                subject, message, "sent", sentAt, userName, userEmail, partyDetails);
    }
}
