package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.events.delivery.DeliveryOutcome;
import com.holidaylistings.integration.events.delivery.DeliveryRefusal;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** A subscription as a delivery needs it, read fresh for every attempt. */
@Repository
class SubscriptionRepository {

    private final JdbcClient jdbc;
    private final Duration secretOverlap;

    SubscriptionRepository(JdbcClient jdbc, WebhookProperties properties) {
        this.jdbc = jdbc;
        this.secretOverlap = properties.secretOverlap();
    }

    /**
     * Where and how to deliver this enquiry to this subscription, and whether this delivery already
     * succeeded: one round trip. Only successes numbered from {@code firstAttempt} on count (the
     * attempts of this delivery and of later ones), so that a delivery made again on request is
     * sent although an earlier one succeeded, while a copy of a first delivery (firstAttempt 1) is
     * never sent after any success. The owner's previous secret comes too while its rotation is
     * younger than {@code WEBHOOK_SECRET_OVERLAP} (V11), judged by the database's clock, which set
     * {@code rotated_at}.
     */
    Optional<Target> target(SubscriptionId subscription, EnquiryId enquiry, int firstAttempt) {
        return jdbc.sql("""
                        select s.target_url, s.paused, s.unsubscribe_reason, w.secret,
                               case when w.rotated_at > now() - make_interval(secs => :overlap)
                                    then w.previous_secret end as previous_secret,
                               exists (select 1 from delivery_attempts a
                                        where a.subscription_id = s.id and a.enquiry_id = :enquiry
                                          and a.outcome = :succeeded and a.attempt >= :firstAttempt) as delivered
                          from webhook_subscriptions s join webhook_secrets w on w.owner_id = s.owner_id
                         where s.id = :subscription
                        """)
                .param("subscription", subscription.value())
                .param("enquiry", enquiry.value())
                .param("overlap", secretOverlap.toNanos() / 1e9)
                .param("succeeded", DeliveryOutcome.SUCCEEDED.value())
                .param("firstAttempt", firstAttempt)
                .query((rs, n) -> new Target(
                        rs.getString("target_url"),
                        secrets(rs.getString("secret"), rs.getString("previous_secret")),
                        DeliveryRefusal.of(rs.getBoolean("paused"), rs.getString("unsubscribe_reason"),
                                rs.getBoolean("delivered"))))
                .optional();
    }

    private static List<String> secrets(String current, String previous) {
        return previous == null ? List.of(current) : List.of(current, previous);
    }

    /**
     * Where to deliver, with what secrets (the current one first, then the previous one during a
     * rotation's overlap), unless the delivery is refused.
     */
    record Target(String url, List<String> secrets, Optional<DeliveryRefusal> refusal) {}
}
