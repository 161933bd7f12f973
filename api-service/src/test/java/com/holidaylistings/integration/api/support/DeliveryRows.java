package com.holidaylistings.integration.api.subscription;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The rows webhook-dispatcher writes and reads, as it writes them: attempts, failed deliveries, and
 * the delivery requests api-service leaves for it.
 */
final class DeliveryRows {

    private final JdbcClient jdbc;

    DeliveryRows(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A pending request, as api-service wrote it. */
    record Request(UUID enquiryId, UUID eventId, String delivery, String requestId) {}

    void attempt(UUID hook, UUID enquiry, int attempt, String outcome, Instant at) {
        jdbc.sql("""
                        insert into delivery_attempts (subscription_id, enquiry_id, attempt, outcome, http_status, attempted_at)
                        values (:hook, :enquiry, :attempt, :outcome, :status, :at)
                        """)
                .param("hook", hook)
                .param("enquiry", enquiry)
                .param("attempt", attempt)
                .param("outcome", outcome)
                .param("status", outcome.equals("succeeded") ? 200 : outcome.equals("gone") ? 410 : 500)
                .param("at", at.atOffset(ZoneOffset.UTC))
                .update();
    }

    /** The dispatcher's record of a failed delivery, as it was on webhook.deliveries; returns it. */
    String failedDelivery(UUID hook, UUID enquiry, Instant at) {
        String delivery = """
                {"subscriptionId":"%s","enquiryId":"%s","eventId":"%s","webhookId":"msg_0123456789abcdef0123456789abcdef",\
                "sentAt":"2026-11-20T09:59:59.5Z","payload":"{\\"event\\":\\"enquiry.created\\"}","requestId":null}"""
                .formatted(hook, enquiry, UUID.randomUUID());
        jdbc.sql("""
                        insert into failed_deliveries (subscription_id, enquiry_id, delivery, failed_at)
                        values (:hook, :enquiry, cast(:delivery as json), :at)
                        """)
                .param("hook", hook)
                .param("enquiry", enquiry)
                .param("delivery", delivery)
                .param("at", at.atOffset(ZoneOffset.UTC))
                .update();
        return delivery;
    }

    /** The id of the enquiry's outbox row: its event id. */
    UUID eventId(UUID enquiry) {
        return jdbc.sql("select id from outbox where aggregate_id = :enquiry")
                .param("enquiry", enquiry).query(UUID.class).single();
    }

    /** What enquiry-ingest does after INGEST_OUTBOX_RETENTION. */
    void purgeOutbox(UUID enquiry) {
        jdbc.sql("delete from outbox where aggregate_id = :enquiry").param("enquiry", enquiry).update();
    }

    /** Moves an enquiry's submission back in time (and its outbox row with it). */
    void submittedAt(UUID enquiry, Instant at) {
        OffsetDateTime time = at.atOffset(ZoneOffset.UTC);
        jdbc.sql("update enquiries set sent_at = :at where id = :enquiry").param("at", time).param("enquiry", enquiry).update();
        jdbc.sql("update outbox set created_at = :at where aggregate_id = :enquiry").param("at", time).param("enquiry", enquiry)
                .update();
    }

    /** Moves a subscription's creation back in time. */
    void createdAt(UUID hook, Instant at) {
        jdbc.sql("update webhook_subscriptions set created_at = :at where id = :hook")
                .param("at", at.atOffset(ZoneOffset.UTC)).param("hook", hook).update();
    }

    /** The hook's pending requests, oldest first. */
    List<Request> requests(UUID hook) {
        return jdbc.sql("""
                        select enquiry_id, event_id, delivery::text as delivery, request_id from delivery_requests
                         where subscription_id = :hook order by id
                        """)
                .param("hook", hook)
                .query((rs, n) -> new Request(rs.getObject("enquiry_id", UUID.class), rs.getObject("event_id", UUID.class),
                        rs.getString("delivery"), rs.getString("request_id")))
                .list();
    }

    /** What the dispatcher does once the requested deliveries are on their way. */
    void takenByTheDispatcher(UUID hook) {
        jdbc.sql("delete from delivery_requests where subscription_id = :hook").param("hook", hook).update();
    }
}
