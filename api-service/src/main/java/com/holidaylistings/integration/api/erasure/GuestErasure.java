package com.holidaylistings.integration.api.erasure;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.api.tracing.CurrentTraceParent;
import com.holidaylistings.integration.api.web.filter.RequestIdFilter;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.EnquiryErased;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/**
 * Erases a guest from api-service's tables in one transaction, and tells the others: the guest's
 * enquiries not erased yet are anonymised ({@link EnquiryCreated#erased()}'s placeholders,
 * {@code erased_at} set), so are the copies of their payloads in the outbox ({@code enquiry.created}
 * rows, and the redeliver and recover commands that carry one) and the intake's remembered answers
 * about them ({@code idempotency_keys}); then one {@link EnquiryErased} per enquiry goes to the outbox,
 * which enquiry-ingest relays to {@code enquiry.erased}. Rows are kept, not deleted: the owner's
 * enquiry list, counts and delivery log stay whole, and a later redelivery or recover sends the
 * anonymised payload. The log line names the enquiries, never the address.
 */
@Service
class GuestErasure {

    static final String AGGREGATE_TYPE = "enquiry";
    private static final Logger log = LoggerFactory.getLogger(GuestErasure.class);

    private final JdbcClient jdbc;
    private final ErasedCopies copies;
    private final JsonMapper json;
    private final CurrentTraceParent traceParent;

    GuestErasure(JdbcClient jdbc, JsonMapper json, CurrentTraceParent traceParent) {
        this.jdbc = jdbc;
        this.copies = new ErasedCopies(json);
        this.json = json;
        this.traceParent = traceParent;
    }

    /** Returns how many enquiries it erased: 0 when the guest has none left to erase. */
    @Transactional
    int erase(GuestEmail guest) {
        Instant erasedAt = Timestamps.now();
        List<UUID> enquiries = jdbc.sql("""
                        update enquiries
                           set subject = :erased, message = :erased, user_name = :erased, user_email = :erasedEmail,
                               occasion = null, erased_at = :erasedAt, updated_at = :erasedAt
                         where lower(user_email) = lower(:email) and erased_at is null
                        returning id
                        """)
                .param("erased", EnquiryCreated.ERASED)
                .param("erasedEmail", EnquiryCreated.ERASED_EMAIL)
                .param("erasedAt", Timestamps.param(erasedAt))
                .param("email", guest.value())
                .query(UUID.class)
                .list();
        if (enquiries.isEmpty()) {
            return 0;
        }
        List<String> ids = enquiries.stream().map(UUID::toString).toList();
        int payloads = eraseOutboxPayloads(enquiries, ids);
        int answers = eraseRememberedAnswers(ids);
        enquiries.forEach(enquiry -> announce(EnquiryErased.of(enquiry, erasedAt)));
        log.info(
                "Erased the guest of the enquiries {}: {} outbox payloads, {} remembered answers",
                enquiries,
                payloads,
                answers);
        return enquiries.size();
    }

    private int eraseOutboxPayloads(List<UUID> enquiries, List<String> ids) {
        record Row(UUID id, String eventType, String payload) {}
        List<Row> rows = jdbc.sql("""
                        select id, event_type, payload::text as payload from outbox
                         where (event_type = :created and aggregate_id in (:enquiries))
                            or (event_type in (:commands) and (payload -> 'event' ->> 'enquiry_id') in (:ids))
                        """)
                .param("created", EnquiryCreated.TYPE)
                .param("enquiries", enquiries)
                .param("commands", List.of(DeliveryCommand.Redeliver.TYPE, DeliveryCommand.Recover.TYPE))
                .param("ids", ids)
                .query((rs, n) ->
                        new Row(rs.getObject("id", UUID.class), rs.getString("event_type"), rs.getString("payload")))
                .list();
        for (Row row : rows) {
            String erased = EnquiryCreated.TYPE.equals(row.eventType())
                    ? copies.event(row.payload())
                    : copies.command(row.payload());
            jdbc.sql("update outbox set payload = cast(:payload as json) where id = :id")
                    .param("payload", erased)
                    .param("id", row.id())
                    .update();
        }
        return rows.size();
    }

    private int eraseRememberedAnswers(List<String> ids) {
        record Row(String key, String body) {}
        List<Row> rows = jdbc.sql("""
                        select idempotency_key, response_body::text as body from idempotency_keys
                         where (response_body -> 'enquiry' ->> 'id') in (:ids)
                        """)
                .param("ids", ids)
                .query((rs, n) -> new Row(rs.getString("idempotency_key"), rs.getString("body")))
                .list();
        for (Row row : rows) {
            jdbc.sql("update idempotency_keys set response_body = cast(:body as json) where idempotency_key = :key")
                    .param("body", copies.answer(row.body()))
                    .param("key", row.key())
                    .update();
        }
        return rows.size();
    }

    private void announce(EnquiryErased event) {
        jdbc.sql("""
                        insert into outbox (id, aggregate_type, aggregate_id, event_type, payload, request_id, traceparent)
                        values (:id, :aggregateType, :enquiry, :eventType, cast(:payload as json), :requestId, :traceparent)
                        """)
                .param("id", TimeOrderedUuid.next())
                .param("aggregateType", AGGREGATE_TYPE)
                .param("enquiry", event.enquiryId())
                .param("eventType", EnquiryErased.TYPE)
                .param("payload", json.writeValueAsString(event))
                .param("requestId", RequestIdFilter.current())
                .param("traceparent", traceParent.value())
                .update();
    }
}
