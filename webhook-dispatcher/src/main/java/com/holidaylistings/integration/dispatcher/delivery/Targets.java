package com.holidaylistings.integration.dispatcher.delivery;

import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** A subscription's current state at delivery time, read fresh for every attempt. */
@Repository
class Targets {

    private final JdbcClient jdbc;

    Targets(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Where and how to deliver this enquiry to this subscription, and whether it already was: one
     * round trip.
     */
    Optional<Target> find(UUID subscriptionId, UUID enquiryId) {
        return jdbc.sql("""
                        select s.target_url, s.paused, s.unsubscribed_at is not null as unsubscribed, w.secret,
                               exists (select 1 from delivery_attempts a
                                        where a.subscription_id = s.id and a.enquiry_id = :enquiry
                                          and a.outcome = 'succeeded') as delivered
                          from webhook_subscriptions s join webhook_secrets w on w.owner_id = s.owner_id
                         where s.id = :subscription
                        """)
                .param("subscription", subscriptionId)
                .param("enquiry", enquiryId)
                .query((rs, n) -> new Target(
                        rs.getString("target_url"),
                        rs.getString("secret"),
                        rs.getBoolean("paused"),
                        rs.getBoolean("unsubscribed"),
                        rs.getBoolean("delivered")))
                .optional();
    }

    /** The receiver answered 410 Gone: the subscription ends, and the portal shows it Inactive. */
    void markGone(UUID subscriptionId) {
        jdbc.sql("""
                        update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'gone'
                         where id = :id and unsubscribed_at is null
                        """)
                .param("id", subscriptionId)
                .update();
    }

    record Target(String url, String secret, boolean paused, boolean unsubscribed, boolean alreadyDelivered) {

        /** Paused and unsubscribed hooks receive nothing. */
        boolean receives() {
            return !paused && !unsubscribed;
        }
    }
}
