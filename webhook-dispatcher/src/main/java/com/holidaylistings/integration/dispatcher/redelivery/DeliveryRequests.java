package com.holidaylistings.integration.dispatcher.redelivery;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The deliveries asked for through api-service's internal API (a redelivery, or a hook's recover),
 * rows of {@code delivery_requests}: api-service has no Kafka client.
 */
@Repository
class DeliveryRequests {

    private final JdbcClient jdbc;

    DeliveryRequests(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * A requested delivery with what it needs to be queued: the event from the outbox ({@code eventId},
     * {@code payload}, the enquiry's {@code submittedAt}) or, when the request was made from a failed
     * delivery, that delivery's record ({@code failedDelivery}); and the attempts logged so far.
     */
    record Requested(long id, UUID subscriptionId, UUID enquiryId, String requestId, UUID eventId, String payload,
            Instant submittedAt, String failedDelivery, int lastAttempt) {}

    /**
     * Up to {@code limit} requests, oldest first, locked until the caller's transaction ends; rows
     * another replica holds are skipped, so no two replicas queue one twice. One statement: the
     * outbox row (by primary key) and the attempt count (delivery_attempts_enquiry_idx) per request.
     */
    List<Requested> lock(int limit) {
        return jdbc.sql("""
                        select r.id, r.subscription_id, r.enquiry_id, r.request_id, r.event_id,
                               o.payload::text as payload, e.sent_at, r.delivery::text as delivery,
                               (select coalesce(max(a.attempt), 0) from delivery_attempts a
                                 where a.subscription_id = r.subscription_id and a.enquiry_id = r.enquiry_id) as last_attempt
                          from delivery_requests r
                          left join outbox o on o.id = r.event_id
                          left join enquiries e on e.id = r.enquiry_id
                         order by r.id
                         limit :limit
                           for update of r skip locked
                        """)
                .param("limit", limit)
                .query((rs, n) -> {
                    OffsetDateTime sentAt = rs.getObject("sent_at", OffsetDateTime.class);
                    return new Requested(
                            rs.getLong("id"),
                            rs.getObject("subscription_id", UUID.class),
                            rs.getObject("enquiry_id", UUID.class),
                            rs.getString("request_id"),
                            rs.getObject("event_id", UUID.class),
                            rs.getString("payload"),
                            sentAt == null ? null : sentAt.toInstant(),
                            rs.getString("delivery"),
                            rs.getInt("last_attempt"));
                })
                .list();
    }

    /** The requests are on webhook.deliveries: done (asking again queues another delivery). */
    void delete(List<Requested> requests) {
        if (requests.isEmpty()) {
            return;
        }
        jdbc.sql("delete from delivery_requests where id in (:ids)")
                .param("ids", requests.stream().map(Requested::id).toList())
                .update();
    }
}
