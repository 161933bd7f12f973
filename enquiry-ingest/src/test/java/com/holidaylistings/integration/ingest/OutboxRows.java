package com.holidaylistings.integration.ingest;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.PartyDetails;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.testsupport.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes enquiries the way api-service's intake does: the enquiry row and its outbox row, with the
 * payload serialized from the shared {@link EnquiryCreated} record, in one transaction each.
 */
public final class OutboxRows implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Connection connection;
    private final UUID ownerId = UUID.randomUUID();
    private final UUID propertyId = UUID.randomUUID();

    /** What was written for one enquiry; {@code traceparent} as an intake request's server span would give it. */
    public record Written(UUID eventId, UUID enquiryId, String payload, String requestId, String traceparent) {

        public String traceId() {
            return traceparent.split("-")[1];
        }

        public String spanId() {
            return traceparent.split("-")[2];
        }
    }

    public OutboxRows() throws SQLException {
        TestPostgres.Connection db = IngestTestBed.database();
        connection = DriverManager.getConnection(db.jdbcUrl(), db.username(), db.password());
        execute("insert into owners (id, email) values (?, ?)", ownerId, "owner-" + ownerId + "@example.com");
        execute(
                "insert into properties (id, owner_id, title, location, url_slug, unique_code) values (?, ?, ?, ?, ?, ?)",
                propertyId,
                ownerId,
                "Seaview Cottage",
                "St Ives",
                "seaview-" + propertyId,
                "SEA-" + propertyId);
        connection.setAutoCommit(false);
    }

    public Written enquiry() throws SQLException {
        UUID enquiryId = UUID.randomUUID();
        UUID eventId = UUID.randomUUID();
        String requestId = "req-" + eventId;
        String traceparent = "00-" + eventId.toString().replace("-", "") + "-"
                + enquiryId.toString().substring(0, 8) + enquiryId.toString().substring(9, 13)
                + enquiryId.toString().substring(14, 18) + "-01";
        Instant sentAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
        EnquiryCreated event = EnquiryCreated.of(
                enquiryId,
                propertyId,
                "Seaview Cottage",
                "https://www.holidaylistings.example/properties/seaview",
                "owner@example.com",
                "Summer week",
                "Is it free in August?",
                sentAt,
                "Ada Guest",
                "ada@example.org",
                new PartyDetails(4, LocalDate.parse("2027-08-01"), LocalDate.parse("2027-08-08"), null));
        String payload = JSON.writeValueAsString(event);
        try {
            execute(
                    """
                    insert into enquiries (id, property_id, owner_id, subject, message, status, user_name, user_email,
                                           group_size, check_in, check_out, sent_at, updated_at)
                    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    enquiryId,
                    propertyId,
                    ownerId,
                    event.subject(),
                    event.message(),
                    event.status(),
                    event.userName(),
                    event.userEmail(),
                    event.partyDetails().groupSize(),
                    event.partyDetails().checkIn(),
                    event.partyDetails().checkOut(),
                    sentAt.atOffset(ZoneOffset.UTC),
                    sentAt.atOffset(ZoneOffset.UTC));
            execute("""
                    insert into outbox (id, aggregate_type, aggregate_id, event_type, payload, request_id, traceparent)
                    values (?, 'enquiry', ?, ?, cast(? as json), ?, ?)
                    """, eventId, enquiryId, EnquiryCreated.TYPE, payload, requestId, traceparent);
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw e;
        }
        return new Written(eventId, enquiryId, payload, requestId, traceparent);
    }

    /** Writes a command's outbox row as api-service does (its key as the aggregate id); returns its JSON. */
    public String command(DeliveryCommand command) throws SQLException {
        String payload = JSON.writerFor(DeliveryCommand.class).writeValueAsString(command);
        outboxRow(command.commandId(), command.key(), command.type(), payload, command.requestId());
        return payload;
    }

    /** Writes an outbox row of any event type, in a transaction of its own. */
    public void outboxRow(UUID id, UUID aggregateId, String eventType, String payload, String requestId)
            throws SQLException {
        try {
            execute("""
                    insert into outbox (id, aggregate_type, aggregate_id, event_type, payload, request_id)
                    values (?, 'delivery', ?, ?, cast(? as json), ?)
                    """, id, aggregateId, eventType, payload, requestId);
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw e;
        }
    }

    /** Changes an outbox row's payload in place, in a transaction of its own, as an erasure does. */
    public void updatePayload(UUID id, String payload) throws SQLException {
        try {
            execute("update outbox set payload = cast(? as json) where id = ?", payload, id);
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw e;
        }
    }

    public List<Written> enquiries(int count) throws SQLException {
        List<Written> written = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            written.add(enquiry());
        }
        return written;
    }

    /** Writes rows to tables outside the publication, one transaction each; returns the WAL position after them. */
    public String writeOtherTables(int transactions) throws SQLException {
        for (int i = 0; i < transactions; i++) {
            execute("update owners set email = email where id = ?", ownerId);
            connection.commit();
        }
        return query("select pg_current_wal_lsn()::text");
    }

    /** Whether the outbox slot has confirmed everything up to {@code lsn}. */
    public boolean slotConfirmedPast(String lsn) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "select confirmed_flush_lsn >= cast(? as pg_lsn) from pg_replication_slots where slot_name = 'enquiry_outbox'")) {
            statement.setString(1, lsn);
            try (ResultSet result = statement.executeQuery()) {
                boolean confirmed = result.next() && result.getBoolean(1);
                connection.commit();
                return confirmed;
            }
        }
    }

    private String query(String sql) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql);
                ResultSet result = statement.executeQuery()) {
            result.next();
            String value = result.getString(1);
            connection.commit();
            return value;
        }
    }

    private void execute(String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            statement.executeUpdate();
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
