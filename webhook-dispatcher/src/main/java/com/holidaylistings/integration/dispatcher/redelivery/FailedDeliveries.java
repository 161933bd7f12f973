package com.holidaylistings.integration.dispatcher.redelivery;

import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The attempt log as far as deliveries made again need it: how many attempts of a delivery are
 * logged so far. (The failed deliveries themselves are written by the attempt log; requests to
 * deliver again are {@link DeliveryRequests}.)
 */
@Repository
class FailedDeliveries {

    private final JdbcClient jdbc;

    FailedDeliveries(JdbcClient jdbc) {
        this.jdbc = jdbc;
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
