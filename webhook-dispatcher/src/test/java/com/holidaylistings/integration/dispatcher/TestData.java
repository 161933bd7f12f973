package com.holidaylistings.integration.dispatcher;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.EnquiryInsert;
import com.holidaylistings.integration.testsupport.TestSchema;
import java.security.SecureRandom;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Owners, properties and subscriptions as api-service stores them (the dispatcher only reads
 * them), and the attempt log as the dispatcher writes it.
 */
public final class TestData {

    private final JdbcClient jdbc;

    public TestData(JdbcClient jdbc) {
        this.jdbc = jdbc;
        TestSchema.database();
    }

    public record Owner(UUID id, String secret) {}

    public record Attempt(int attempt, String outcome, Integer httpStatus, String error, Integer durationMs,
            String responseBody, Instant attemptedAt, Instant nextAttemptAt) {}

    public Owner owner() {
        UUID id = UUID.randomUUID();
        String secret = newSecret();
        jdbc.sql("insert into owners (id, email) values (:id, :email)")
                .param("id", id).param("email", "owner-" + id + "@example.com").update();
        jdbc.sql("insert into webhook_secrets (owner_id, secret) values (:id, :secret)")
                .param("id", id).param("secret", secret).update();
        return new Owner(id, secret);
    }

    /**
     * Rotates the owner's secret as api-service does (V11), {@code ago} before now: the new secret
     * signs, the replaced one is kept as previous_secret. Answers the owner with the new secret.
     */
    public Owner rotateSecret(Owner owner, java.time.Duration ago) {
        String secret = newSecret();
        jdbc.sql("""
                        update webhook_secrets
                           set previous_secret = secret, secret = :secret,
                               rotated_at = now() - make_interval(secs => :ago)
                         where owner_id = :id
                        """)
                .param("id", owner.id()).param("secret", secret).param("ago", ago.toMillis() / 1000.0).update();
        return new Owner(owner.id(), secret);
    }

    private static String newSecret() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return "whsec_" + Base64.getEncoder().encodeToString(key);
    }

    public UUID property(Owner owner) {
        UUID id = UUID.randomUUID();
        jdbc.sql("""
                        insert into properties (id, owner_id, title, location, url_slug, unique_code)
                        values (:id, :owner, 'Seaview Cottage', 'St Ives', :slug, :code)
                        """)
                .param("id", id).param("owner", owner.id()).param("slug", "p-" + id).param("code", "C-" + id)
                .update();
        return id;
    }

    /** A subscription of the owner to {@code targetUrl}, for one property or (null) all of them. */
    public UUID subscribe(Owner owner, String targetUrl, UUID propertyId) {
        UUID id = UUID.randomUUID();
        jdbc.sql("""
                        insert into webhook_subscriptions (id, owner_id, target_url, property_id)
                        values (:id, :owner, :url, :property)
                        """)
                .param("id", id).param("owner", owner.id()).param("url", targetUrl).param("property", propertyId)
                .update();
        return id;
    }

    public void setPaused(UUID subscriptionId, boolean paused) {
        jdbc.sql("update webhook_subscriptions set paused = :paused where id = :id")
                .param("paused", paused).param("id", subscriptionId).update();
    }

    /** The owner deleted the subscription, as DELETE /hooks/enquiries does. */
    public void unsubscribe(UUID subscriptionId) {
        jdbc.sql("update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'deleted' where id = :id")
                .param("id", subscriptionId).update();
    }

    /** A subscription as the dispatcher leaves it. */
    public record Subscription(boolean paused, Instant unsubscribedAt, String unsubscribeReason) {}

    public Subscription subscription(UUID subscriptionId) {
        return jdbc.sql("select paused, unsubscribed_at, unsubscribe_reason from webhook_subscriptions where id = :id")
                .param("id", subscriptionId)
                .query((rs, n) -> new Subscription(rs.getBoolean("paused"), instant(rs.getTimestamp("unsubscribed_at")),
                        rs.getString("unsubscribe_reason")))
                .single();
    }

    public String unsubscribeReason(UUID subscriptionId) {
        return jdbc.sql("select unsubscribe_reason from webhook_subscriptions where id = :id")
                .param("id", subscriptionId).query(String.class).optional().orElse(null);
    }

    /** The attempts of one delivery in order. */
    public List<Attempt> attempts(UUID subscriptionId, UUID enquiryId) {
        return jdbc.sql("""
                        select attempt, outcome, http_status, error, duration_ms, response_body, attempted_at, next_attempt_at
                          from delivery_attempts where subscription_id = :subscription and enquiry_id = :enquiry
                         order by attempt, id
                        """)
                .param("subscription", subscriptionId).param("enquiry", enquiryId)
                .query(TestData::attempt)
                .list();
    }

    /** Every attempt logged for a subscription, of all its deliveries, in the order they were made. */
    public List<Attempt> attempts(UUID subscriptionId) {
        return jdbc.sql("""
                        select attempt, outcome, http_status, error, duration_ms, response_body, attempted_at, next_attempt_at
                          from delivery_attempts where subscription_id = :subscription
                         order by attempted_at, id
                        """)
                .param("subscription", subscriptionId)
                .query(TestData::attempt)
                .list();
    }

    /** A delivery the dispatcher kept after it failed. */
    public record FailedDelivery(String delivery, Instant failedAt) {}

    public Optional<FailedDelivery> failedDelivery(UUID subscriptionId, UUID enquiryId) {
        return jdbc.sql("""
                        select delivery::text as delivery, failed_at
                          from failed_deliveries where subscription_id = :subscription and enquiry_id = :enquiry
                        """)
                .param("subscription", subscriptionId).param("enquiry", enquiryId)
                .query((rs, n) -> new FailedDelivery(rs.getString("delivery"), instant(rs.getTimestamp("failed_at"))))
                .optional();
    }

    /**
     * The enquiry and its outbox row, written as api-service's intake writes them (the published
     * record's event id is the outbox row's id); enquiry-ingest then publishes it.
     */
    public void stored(Owner owner, EnquiryCreated event, String eventId, String payload) {
        jdbc.sql(EnquiryInsert.SQL)
                .params(EnquiryInsert.parameters(owner.id(), event, UUID.fromString(eventId), payload, "intake-request"))
                .update();
    }

    /**
     * The owner asked for the event of {@code enquiryId} to be delivered to the subscription again
     * (redeliver, or one event of a recover), as api-service records it: from the outbox, or from
     * the kept failed delivery when the outbox row is gone.
     */
    public void requestRedelivery(UUID subscriptionId, UUID enquiryId, String requestId) {
        int requested = jdbc.sql("""
                        insert into delivery_requests (subscription_id, enquiry_id, event_id, delivery, request_id)
                        select :subscription, :enquiry, o.id, case when o.id is null then f.delivery end, :request
                          from (select 1) one
                          left join outbox o on o.aggregate_id = :enquiry and o.event_type = 'enquiry.created'
                          left join failed_deliveries f on f.subscription_id = :subscription and f.enquiry_id = :enquiry
                         where o.id is not null or f.delivery is not null
                        on conflict (subscription_id, enquiry_id) do nothing
                        """)
                .param("request", requestId).param("subscription", subscriptionId).param("enquiry", enquiryId)
                .update();
        if (requested != 1) {
            throw new IllegalStateException("Neither an outbox row nor a failed delivery of " + enquiryId + " to " + subscriptionId);
        }
    }

    /** The requests the dispatcher has not queued yet. */
    public int pendingRequests(UUID subscriptionId) {
        return jdbc.sql("select count(*) from delivery_requests where subscription_id = :subscription")
                .param("subscription", subscriptionId).query(Integer.class).single();
    }

    private static Attempt attempt(ResultSet rs, int row) throws SQLException {
        return new Attempt(rs.getInt("attempt"), rs.getString("outcome"),
                rs.getObject("http_status", Integer.class), rs.getString("error"),
                rs.getObject("duration_ms", Integer.class), rs.getString("response_body"),
                instant(rs.getTimestamp("attempted_at")), instant(rs.getTimestamp("next_attempt_at")));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
