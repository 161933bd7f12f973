package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.PartyDetails;
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
 * The intake's statement, as api-service's {@code enquiry/EnquiryInsert} writes a new enquiry: its
 * row in {@code enquiries} and its {@code enquiry.created} event in {@code outbox}, in one
 * statement. A copy, because the benchmarks run outside api-service (plain JDBC through
 * {@link #insert}, pgbench through {@link #sql(UnaryOperator)}) and measure what the intake does:
 * change it together with api-service's.
 */
final class IntakeStatement {

    private static final String SQL = """
            with e as (
                insert into enquiries (id, property_id, owner_id, subject, message, status, user_name, user_email,
                                       group_size, check_in, check_out, occasion, sent_at, updated_at)
                values (:enquiryId, :propertyId, :ownerId, :subject, :message, :status, :userName, :userEmail,
                        :groupSize, :checkIn, :checkOut, :occasion, :sentAt, :sentAt)
                returning id)
            insert into outbox (id, aggregate_type, aggregate_id, event_type, payload, request_id, traceparent)
            select :eventId, :aggregateType, e.id, :eventType, cast(:payload as json), :requestId, :traceparent from e
            """;

    /** A named parameter: a colon after neither a colon (a cast) nor a word character. */
    private static final Pattern PARAMETER = Pattern.compile("(?<![:\\w]):(\\w+)");

    private IntakeStatement() {}

    /** The values of the statement's parameters, for an enquiry submitted outside any trace. */
    static Map<String, Object> parameters(
            UUID ownerId, EnquiryCreated event, UUID eventId, String payload, String requestId) {
        PartyDetails party = event.partyDetails();
        Map<String, Object> values = new HashMap<>(); // occasion and traceparent are null
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
        values.put("aggregateType", "enquiry");
        values.put("eventType", event.event());
        values.put("payload", payload);
        values.put("requestId", requestId);
        values.put("traceparent", null);
        return values;
    }

    /** The statement with each parameter replaced by what {@code parameter} gives for its name. */
    static String sql(UnaryOperator<String> parameter) {
        return PARAMETER.matcher(SQL).replaceAll(match -> Matcher.quoteReplacement(parameter.apply(match.group(1))));
    }

    /**
     * Writes the enquiry and its event on a plain JDBC connection: in the connection's transaction,
     * or as one committed on its own under auto-commit.
     */
    static void insert(
            Connection connection, UUID ownerId, EnquiryCreated event, UUID eventId, String payload, String requestId)
            throws SQLException {
        Map<String, Object> values = parameters(ownerId, event, eventId, payload, requestId);
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
