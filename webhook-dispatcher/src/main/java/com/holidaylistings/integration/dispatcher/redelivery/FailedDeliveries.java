package com.holidaylistings.integration.dispatcher.redelivery;

import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The failed deliveries the attempt log keeps, as far as redeliveries need them: those api-service
 * marked for redelivery, and how many attempts of a delivery are logged so far.
 */
@Repository
class FailedDeliveries {

    private final JdbcClient jdbc;

    FailedDeliveries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A redelivery the portal asked for: the delivery record as last attempted, and the attempts logged so far. */
    record Requested(UUID subscriptionId, UUID enquiryId, String delivery, String requestId, int lastAttempt) {}

    /**
     * Up to {@code limit} requested redeliveries, oldest request first, locked until the caller's
     * transaction ends; rows another replica holds are skipped, so no two replicas queue one twice.
     */
    List<Requested> lockRequested(int limit) {
        return jdbc.sql("""
                        select f.subscription_id, f.enquiry_id, f.delivery::text as delivery, f.redeliver_request_id,
                               (select coalesce(max(a.attempt), 0) from delivery_attempts a
                                 where a.subscription_id = f.subscription_id and a.enquiry_id = f.enquiry_id) as last_attempt
                          from failed_deliveries f
                         where f.redeliver_requested_at is not null
                         order by f.redeliver_requested_at
                         limit :limit
                           for update of f skip locked
                        """)
                .param("limit", limit)
                .query((rs, n) -> new Requested(
                        rs.getObject("subscription_id", UUID.class),
                        rs.getObject("enquiry_id", UUID.class),
                        rs.getString("delivery"),
                        rs.getString("redeliver_request_id"),
                        rs.getInt("last_attempt")))
                .list();
    }

    /** The redelivery is on webhook.deliveries: the request is done (asking again queues another). */
    void markQueued(Requested requested) {
        jdbc.sql("""
                        update failed_deliveries set redeliver_requested_at = null
                         where subscription_id = :subscription and enquiry_id = :enquiry
                        """)
                .param("subscription", requested.subscriptionId())
                .param("enquiry", requested.enquiryId())
                .update();
    }

    /** The highest attempt number logged for this event to this subscription; 0 if none. */
    int lastAttempt(SubscriptionId subscription, EnquiryId enquiry) {
        return jdbc.sql("""
                        select coalesce(max(attempt), 0) from delivery_attempts
                         where subscription_id = :subscription and enquiry_id = :enquiry
                        """)
                .param("subscription", subscription.value())
                .param("enquiry", enquiry.value())
                .query(Integer.class)
                .single();
    }
}
