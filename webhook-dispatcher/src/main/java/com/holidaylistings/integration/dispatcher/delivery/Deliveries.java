package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.events.delivery.DeliveryRefusal;
import com.holidaylistings.integration.events.delivery.DeliveryStatus;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.events.secrets.SecretCipher;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The delivery rows as an attempt needs them. Their changes are written in batches: after an
 * attempt by the {@link AttemptLog}, when an owner's lane is full by the {@link ParkingLot}.
 */
@Repository
class Deliveries {

    private final JdbcClient jdbc;
    private final Duration secretOverlap;
    private final SecretCipher cipher;

    Deliveries(JdbcClient jdbc, WebhookProperties properties, SecretCipher cipher) {
        this.jdbc = jdbc;
        this.secretOverlap = properties.secretOverlap();
        this.cipher = cipher;
    }

    /**
     * Everything one attempt needs, in one round trip: the delivery's row, the event's payload, the
     * subscription as it is now (where, whether it still receives anything, its throttle) and the owner's
     * secrets (the previous one too while its rotation is younger than {@code WEBHOOK_SECRET_OVERLAP},
     * judged by the database's clock, which set {@code rotated_at}), decrypted. Empty when the row is
     * gone. A secret that no key of {@code SECRETS_ENCRYPTION_KEYS} decrypts is thrown as
     * {@link com.holidaylistings.integration.events.secrets.SecretNotDecryptable}: like a failure of
     * the database, the record is tried again later rather than counted as an attempt.
     */
    Optional<Attemptable> forAttempt(DeliveryTask task) {
        return jdbc.sql("""
                        select d.enquiry_id, d.status, d.attempts, d.stage, d.request_id, d.requested_at is not null as asked_for,
                               d.test, d.throttled_until, e.payload::text as payload,
                               s.target_url, s.paused, s.unsubscribe_reason, s.owner_id, s.throttle_per_second, w.secret,
                               case when w.rotated_at > now() - make_interval(secs => :overlap)
                                    then w.previous_secret end as previous_secret
                          from deliveries d
                          join webhook_events e on e.event_id = d.event_id and e.submitted_at = d.submitted_at
                          join webhook_subscriptions s on s.id = d.subscription_id
                          join webhook_secrets w on w.owner_id = s.owner_id
                         where d.webhook_id = :webhookId and d.submitted_at = :submittedAt
                        """)
                .param("webhookId", task.webhookId())
                .param("submittedAt", Timestamp.from(task.submittedAt()))
                .param("overlap", secretOverlap.toNanos() / 1e9)
                .query((rs, n) -> new Attemptable(
                        new Delivery(task.webhookId(), task.submittedAt(), task.subscriptionId(),
                                EnquiryId.of(rs.getObject("enquiry_id", UUID.class)),
                                DeliveryStatus.of(rs.getString("status")), rs.getInt("attempts"), rs.getInt("stage"),
                                rs.getBoolean("test")),
                        rs.getString("payload"),
                        rs.getString("request_id"),
                        rs.getBoolean("asked_for"),
                        rs.getString("target_url"),
                        secrets(rs.getObject("owner_id", UUID.class), rs.getString("secret"), rs.getString("previous_secret")),
                        DeliveryRefusal.of(rs.getBoolean("paused"), rs.getString("unsubscribe_reason")),
                        rs.getObject("throttle_per_second", Integer.class),
                        rs.getTimestamp("throttled_until") != null))
                .optional();
    }

    private List<String> secrets(UUID owner, String current, String previous) {
        String secret = cipher.decrypt(current, owner);
        return previous == null ? List.of(secret) : List.of(secret, cipher.decrypt(previous, owner));
    }

    /**
     * A delivery ready to attempt: its row, the event's exact payload, the id of the request behind it
     * (for the logs), whether anyone asked for it again (redeliver, recover, replay), where to send it
     * and with what secrets (the current one first), unless refused; the subscription's throttle (null
     * when none), and whether the throttle already gave this attempt its start (it waited on its row).
     */
    record Attemptable(Delivery delivery, String payload, String requestId, boolean askedFor, String url,
            List<String> secrets, Optional<DeliveryRefusal> refusal, Integer throttlePerSecond, boolean startReserved) {

        SubscriptionId subscription() {
            return delivery.subscription();
        }

        /** The throttle must give this attempt its start: a test event goes at once. */
        boolean needsThrottle() {
            return throttlePerSecond != null && !startReserved && !delivery.test();
        }
    }
}
