package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.api.web.Conflict;
import com.holidaylistings.integration.api.web.NotFound;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Asks webhook-dispatcher to deliver a failed event to a hook again. The dispatcher keeps the last
 * failed delivery of each event to each hook in {@code failed_deliveries}; a request marks that
 * row, and the dispatcher queues the delivery again with the full retry schedule.
 */
@Repository
class Redeliveries {

    private final JdbcClient jdbc;

    Redeliveries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    private record Hook(boolean paused, String unsubscribeReason) {}

    /**
     * Marks the failed delivery of {@code enquiryId} to the owner's hook for redelivery, with the
     * id of the request that asked. Asking again before the dispatcher has queued it changes
     * nothing: it is queued once.
     */
    @Transactional
    Redelivery request(UUID ownerId, UUID hookId, UUID enquiryId, String requestId) {
        Hook hook = jdbc.sql("select paused, unsubscribe_reason from webhook_subscriptions where id = :hook and owner_id = :owner")
                .param("hook", hookId)
                .param("owner", ownerId)
                .query((rs, n) -> new Hook(rs.getBoolean("paused"), rs.getString("unsubscribe_reason")))
                .optional()
                .orElseThrow(NotFound::new);
        boolean failed = jdbc.sql("""
                        select true from failed_deliveries
                         where subscription_id = :hook and enquiry_id = :enquiry
                        """)
                .param("hook", hookId)
                .param("enquiry", enquiryId)
                .query(Boolean.class)
                .optional()
                .isPresent();
        if (!failed) {
            throw new NotFound();
        }
        refuseIfItCannotBeDelivered(hook, hookId, enquiryId);
        jdbc.sql("""
                        update failed_deliveries
                           set redeliver_requested_at = coalesce(redeliver_requested_at, now()),
                               redeliver_request_id = case when redeliver_requested_at is null then :request
                                                           else redeliver_request_id end
                         where subscription_id = :hook and enquiry_id = :enquiry
                        """)
                .param("request", requestId)
                .param("hook", hookId)
                .param("enquiry", enquiryId)
                .update();
        return Redelivery.queued(hookId, enquiryId);
    }

    /** The dispatcher would skip the delivery: say why instead of queuing it. */
    private void refuseIfItCannotBeDelivered(Hook hook, UUID hookId, UUID enquiryId) {
        if ("gone".equals(hook.unsubscribeReason())) {
            throw new Conflict("Hook is unsubscribed: its receiver answered 410 Gone");
        }
        if (hook.unsubscribeReason() != null) {
            throw new Conflict("Hook is unsubscribed");
        }
        if (hook.paused()) {
            throw new Conflict("Hook is paused; resume it first");
        }
        // Any success counts, as in the dispatcher, which never repeats a delivered event.
        boolean delivered = jdbc.sql("""
                        select exists (select 1 from delivery_attempts
                                        where subscription_id = :hook and enquiry_id = :enquiry and outcome = 'succeeded')
                        """)
                .param("hook", hookId)
                .param("enquiry", enquiryId)
                .query(Boolean.class)
                .single();
        if (delivered) {
            throw new Conflict("Already delivered");
        }
    }
}
