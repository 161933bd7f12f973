package com.holidaylistings.integration.api.enquiry;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.api.property.ListingSiteProperties;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.PartyDetails;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

/** Enquiries, always read and changed within one owner's scope. */
@Repository
class Enquiries {

    private static final String COLUMNS = """
            e.id, e.property_id, p.title, p.url_slug, e.subject, e.message, e.status, e.user_name,
            e.user_email, e.group_size, e.check_in, e.check_out, e.occasion, e.sent_at
            """;

    private final JdbcClient jdbc;
    private final JsonMapper json;
    private final RowMapper<Enquiry> enquiry;

    Enquiries(JdbcClient jdbc, JsonMapper json, ListingSiteProperties listingSite) {
        this.jdbc = jdbc;
        this.json = json;
        this.enquiry = (rs, n) -> new Enquiry(
                rs.getObject("id", UUID.class),
                rs.getObject("property_id", UUID.class),
                rs.getString("title"),
                listingSite.propertyUrl(rs.getString("url_slug")),
                rs.getString("subject"),
                rs.getString("message"),
                rs.getString("status"),
                rs.getString("user_name"),
                rs.getString("user_email"),
                new PartyDetails(
                        rs.getInt("group_size"),
                        rs.getObject("check_in", LocalDate.class),
                        rs.getObject("check_out", LocalDate.class),
                        rs.getString("occasion")),
                Timestamps.read(rs, "sent_at"));
    }

    /** Newest first; each combination of filters is one index range scan (see the V2 migration). */
    List<Enquiry> search(UUID ownerId, EnquirySearch search) {
        StringBuilder sql = new StringBuilder("select " + COLUMNS + """
                  from enquiries e join properties p on p.id = e.property_id
                 where e.owner_id = :owner
                """);
        search.propertyId().ifPresent(id -> sql.append(" and e.property_id = :property"));
        search.status().ifPresent(status -> sql.append(" and e.status = :status"));
        search.since().ifPresent(since -> sql.append(" and e.sent_at > :since"));
        sql.append(" order by e.sent_at desc, e.id desc limit :limit");

        JdbcClient.StatementSpec statement =
                jdbc.sql(sql.toString()).param("owner", ownerId).param("limit", search.limit());
        if (search.propertyId().isPresent()) {
            statement = statement.param("property", search.propertyId().get());
        }
        if (search.status().isPresent()) {
            statement = statement.param("status", search.status().get());
        }
        if (search.since().isPresent()) {
            statement = statement.param("since", Timestamps.param(search.since().get()));
        }
        return statement.query(enquiry).list();
    }

    Optional<Enquiry> find(UUID ownerId, UUID enquiryId) {
        return jdbc.sql("select " + COLUMNS + """
                          from enquiries e join properties p on p.id = e.property_id
                         where e.id = :id and e.owner_id = :owner
                        """)
                .param("id", enquiryId)
                .param("owner", ownerId)
                .query(enquiry)
                .optional();
    }

    Optional<Enquiry> updateStatus(UUID ownerId, UUID enquiryId, String status) {
        return jdbc.sql("with e as (update enquiries set status = :status, updated_at = now()"
                        + " where id = :id and owner_id = :owner returning *) select " + COLUMNS
                        + " from e join properties p on p.id = e.property_id")
                .param("status", status)
                .param("id", enquiryId)
                .param("owner", ownerId)
                .query(enquiry)
                .optional();
    }

    /**
     * The enquiry and its {@code enquiry.created} outbox event (the transactional outbox that
     * enquiry-ingest streams to Kafka), in one statement: {@link EnquiryInsert}. The outbox row keeps the
     * request's id and W3C trace context, so that the relay's publish continues the request's trace.
     */
    void insert(UUID ownerId, EnquiryCreated event, String requestId, String traceparent) {
        jdbc.sql(EnquiryInsert.SQL)
                .params(EnquiryInsert.parameters(
                        ownerId, event, TimeOrderedUuid.next(), json.writeValueAsString(event), requestId, traceparent))
                .update();
    }
}
