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
    "event",
    "enquiry_id",
    "property_id",
    "property_title",
    "property_url",
    "owner_email",
    "subject",
    "message",
    "status",
    "sent_at",
    "user_name",
    "user_email",
    "party_details"
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

    /**
     * What an erased guest's name, subject and message read as ({@link #erased()}): a string, as the
     * spec's schema wants, that no guest could have typed by mistake for their own.
     */
    public static final String ERASED = "erased";

    /**
     * What an erased guest's e-mail address reads as: an address under the reserved top-level domain
     * {@code .invalid} (RFC 2606), which no mail is ever delivered to and which the intake refuses.
     */
    public static final String ERASED_EMAIL = "erased@invalid";

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
        return new EnquiryCreated(
                TYPE,
                enquiryId,
                propertyId,
                propertyTitle,
                propertyUrl,
                ownerEmail,
                subject,
                message,
                "sent",
                sentAt,
                userName,
                userEmail,
                partyDetails);
    }

    /**
     * This event with the guest's personal data replaced (GDPR article 17): name, e-mail address,
     * subject and message by {@link #ERASED} and {@link #ERASED_EMAIL}, the party's occasion by null.
     * Everything else stays, so that the payload keeps the spec's shape and a later delivery of it is
     * still a valid {@code enquiry.created}. Erasing an erased event changes nothing.
     */
    public EnquiryCreated erased() {
        PartyDetails party =
                new PartyDetails(partyDetails.groupSize(), partyDetails.checkIn(), partyDetails.checkOut(), null);
        return new EnquiryCreated(
                event,
                enquiryId,
                propertyId,
                propertyTitle,
                propertyUrl,
                ownerEmail,
                ERASED,
                ERASED,
                status,
                sentAt,
                ERASED,
                ERASED_EMAIL,
                party);
    }
}
