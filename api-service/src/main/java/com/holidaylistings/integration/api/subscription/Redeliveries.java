package com.holidaylistings.integration.api.subscription;

import com.holidaylistings.integration.api.web.Conflict;
import com.holidaylistings.integration.api.web.NotFound;
import com.holidaylistings.integration.events.delivery.DeliveryOutcome;
import com.holidaylistings.integration.events.delivery.DeliveryRefusal;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Asks webhook-dispatcher to deliver a failed event to a subscription again. The dispatcher keeps
 * the last failed delivery of each event to each subscription in {@code failed_deliveries}; a
 * request marks that row, and the dispatcher queues the delivery again with the full retry schedule.
 * Whether it may be delivered is the dispatcher's own rule, {@link DeliveryRefusal}, read here from
 * the same rows.
 */
@Repository
public class Redeliveries {

    private final JdbcClient jdbc;

    Redeliveries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    private record DeliveryState(boolean paused, String unsubscribeReason, boolean failed, boolean delivered) {}

    /**
     * Marks the failed delivery of {@code enquiry} to the owner's subscription for redelivery, with
     * the id of the request that asked. Asking again before the dispatcher has queued it changes
     * nothing: it is queued once.
     */
    @Transactional
    public Redelivery request(OwnerId owner, SubscriptionId subscription, EnquiryId enquiry, String requestId) {
        DeliveryState state = jdbc.sql("""
                        select s.paused, s.unsubscribe_reason,
                               exists (select 1 from failed_deliveries f
                                        where f.subscription_id = s.id and f.enquiry_id = :enquiry) as failed,
                               exists (select 1 from delivery_attempts a
                                        where a.subscription_id = s.id and a.enquiry_id = :enquiry
                                          and a.outcome = :succeeded) as delivered
                          from webhook_subscriptions s
                         where s.id = :subscription and s.owner_id = :owner
                        """)
                .param("subscription", subscription.value())
                .param("owner", owner.value())
                .param("enquiry", enquiry.value())
                .param("succeeded", DeliveryOutcome.SUCCEEDED.value())
                .query((rs, n) -> new DeliveryState(rs.getBoolean("paused"), rs.getString("unsubscribe_reason"),
                        rs.getBoolean("failed"), rs.getBoolean("delivered")))
                .optional()
                .orElseThrow(NotFound::new);
        if (!state.failed()) {
            throw new NotFound();
        }
        DeliveryRefusal.of(state.paused(), state.unsubscribeReason(), state.delivered()).ifPresent(refusal -> {
            throw new Conflict(refusal.reason());
        });
        jdbc.sql("""
                        update failed_deliveries
                           set redeliver_requested_at = coalesce(redeliver_requested_at, now()),
                               redeliver_request_id = case when redeliver_requested_at is null then :request
                                                           else redeliver_request_id end
                         where subscription_id = :subscription and enquiry_id = :enquiry
                        """)
                .param("request", requestId)
                .param("subscription", subscription.value())
                .param("enquiry", enquiry.value())
                .update();
        return Redelivery.queued(subscription, enquiry);
    }
}
