package com.holidaylistings.integration.events;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a new enquiry is written, in one place: its row in {@code enquiries} and its
 * {@code enquiry.created} event in {@code outbox}, in one statement, so that neither exists without
 * the other. api-service's intake writes enquiries with it; tests and benchmarks write theirs with
 * it too (plain JDBC through {@link #insert}, pgbench through {@link #sql(UnaryOperator)}).
 */
public final class EnquiryInsert {

    /** The outbox's {@code aggregate_type} of enquiry events. */
    public static final String AGGREGATE_TYPE = "enquiry";

    /** The statement, with named parameters ({@code :name}) as Spring's JdbcClient binds them. */
    public static final String SQL = """
            with e as (
                insert into enquiries (id, property_id, owner_id, subject, message, status, user_name, user_email,
                                       group_size, check_in, check_out, occasion, sent_at, updated_at)
                values (:enquiryId, :propertyId, :ownerId, :subject, :message, :status, :userName, :userEmail,
                        :groupSize, :checkIn, :checkOut, :occasion, :sentAt, :sentAt)
                returning id)
            insert into outbox (id, aggregate_type, aggregate_id, event_type, payload, request_id, traceparent)
            select :eventId, :aggregateType, e.id, :eventType, cast(:payload as json), :requestId, :traceparent from e
            """;

    private static final Pattern PARAMETER = Pattern.compile("(?<![:\\w]):(\\w+)");

    private EnquiryInsert() {}

    /** The values of {@link #SQL}'s parameters, for an enquiry submitted outside any trace. */
    public static Map<String, Object> parameters(
            UUID ownerId, EnquiryCreated event, UUID eventId, String payload, String requestId) {
        return parameters(ownerId, event, eventId, payload, requestId, null);
    }

    /**
     * The values of {@link #SQL}'s parameters.
     *
     * @param payload {@code event} serialized as JSON: the outbox payload
     * @param requestId the request that submitted the enquiry, or null
     * @param traceparent the W3C trace context of the submitting request ({@link EnquiryEvents#TRACEPARENT_HEADER}),
     *     or null: the relay continues that trace
     */
    public static Map<String, Object> parameters(
            UUID ownerId, EnquiryCreated event, UUID eventId, String payload, String requestId, String traceparent) {
        PartyDetails party = event.partyDetails();
        Map<String, Object> values = new HashMap<>(); // occasion and requestId may be null
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

    /** {@link #SQL} with each parameter replaced by what {@code parameter} gives for its name. */
    public static String sql(UnaryOperator<String> parameter) {
        return PARAMETER.matcher(SQL).replaceAll(match -> Matcher.quoteReplacement(parameter.apply(match.group(1))));
    }

    /**
     * Writes the enquiry and its event on a plain JDBC connection: in the connection's transaction,
     * or as one committed on its own under auto-commit.
     */
    public static void insert(Connection connection, UUID ownerId, EnquiryCreated event, UUID eventId, String payload,
            String requestId) throws SQLException {
        insert(connection, ownerId, event, eventId, payload, requestId, null);
    }

    /** As {@link #insert(Connection, UUID, EnquiryCreated, UUID, String, String)}, in the trace {@code traceparent} names. */
    public static void insert(Connection connection, UUID ownerId, EnquiryCreated event, UUID eventId, String payload,
            String requestId, String traceparent) throws SQLException {
        Map<String, Object> values = parameters(ownerId, event, eventId, payload, requestId, traceparent);
        List<String> names = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(sql(name -> {
            names.add(name);
            return "?";
        }))) {
            for (int i = 0; i < names.size(); i++) {
                statement.setObject(i + 1, values.get(names.get(i)));
            }
            statement.executeUpdate();
        }
    }
}
