package com.holidaylistings.integration.api.enquiry;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.EnquiryEvents;
import com.holidaylistings.integration.events.PartyDetails;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * How a new enquiry is written, in one place: its row in {@code enquiries} and its
 * {@code enquiry.created} event in {@code outbox}, in one statement, so that neither exists without
 * the other. The benchmarks commit their enquiries with a copy of this statement
 * ({@code bench/IntakeStatement}), to measure what the intake does.
 */
final class EnquiryInsert {

    /** The outbox's {@code aggregate_type} of enquiry events. */
    static final String AGGREGATE_TYPE = "enquiry";

    /** The statement, with named parameters ({@code :name}) as Spring's JdbcClient binds them. */
    static final String SQL = """
            with e as (
                insert into enquiries (id, property_id, owner_id, subject, message, status, user_name, user_email,
                                       group_size, check_in, check_out, occasion, sent_at, updated_at)
                values (:enquiryId, :propertyId, :ownerId, :subject, :message, :status, :userName, :userEmail,
                        :groupSize, :checkIn, :checkOut, :occasion, :sentAt, :sentAt)
                returning id)
            insert into outbox (id, aggregate_type, aggregate_id, event_type, payload, request_id, traceparent)
            select :eventId, :aggregateType, e.id, :eventType, cast(:payload as json), :requestId, :traceparent from e
            """;

    private EnquiryInsert() {}

    /**
     * The values of {@link #SQL}'s parameters.
     *
     * @param payload {@code event} serialized as JSON: the outbox payload
     * @param requestId the request that submitted the enquiry, or null
     * @param traceparent the W3C trace context of the submitting request ({@link EnquiryEvents#TRACEPARENT_HEADER}),
     *     or null: the relay continues that trace
     */
    static Map<String, Object> parameters(
            UUID ownerId, EnquiryCreated event, UUID eventId, String payload, String requestId, String traceparent) {
        PartyDetails party = event.partyDetails();
        Map<String, Object> values = new HashMap<>(); // occasion, requestId and traceparent may be null
        values.put("enquiryId", event.enquiryId());
        values.put("propertyId", event.propertyId());
        values.put("ownerId", ownerId);
        values.put("subject", event.subject());
        values.put("message", event.message());
        values.put("status", event.status());
        values.put("userName", event.userName());
        values.put("userEmail", event.userEmail());
        values.put("groupSize", party.groupSize());
        values.put("checkIn", party.checkIn());
        values.put("checkOut", party.checkOut());
        values.put("occasion", party.occasion());
        values.put("sentAt", event.sentAt().atOffset(ZoneOffset.UTC));
        values.put("eventId", eventId);
        values.put("aggregateType", AGGREGATE_TYPE);
        values.put("eventType", event.event());
        values.put("payload", payload);
        values.put("requestId", requestId);
        values.put("traceparent", traceparent);
        return values;
    }
}
