package com.holidaylistings.integration.dispatcher;

import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.events.delivery.WebhookIds;
import com.holidaylistings.integration.secrets.EncryptionKeys;
import com.holidaylistings.integration.secrets.SecretCipher;
import com.holidaylistings.integration.testsupport.TestSchema;
import com.holidaylistings.integration.testsupport.TestSecrets;
import java.security.SecureRandom;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Owners, properties and subscriptions as api-service stores them (the dispatcher only reads
 * them); the deliveries' rows, the attempt log and the subscriptions' health as the dispatcher
 * writes them; and a delivery asked for again as applying an owner's command leaves it
 * (command.RequestedDeliveries).
 */
public final class TestData {

    /** Encrypts secrets as api-service does, with the test runs' keys. */
    public static final SecretCipher CIPHER = new SecretCipher(EncryptionKeys.parse(TestSecrets.ENCRYPTION_KEYS));

    private final JdbcClient jdbc;

    public TestData(JdbcClient jdbc) {
        this.jdbc = jdbc;
        TestSchema.database();
    }

    public record Owner(UUID id, String secret) {}

    public record Attempt(
            String webhookId,
            int attempt,
            String outcome,
            Integer httpStatus,
            String error,
            Integer durationMs,
            String responseBody,
            boolean responseTruncated,
            Instant attemptedAt,
            Instant nextAttemptAt) {}

    private static final String ATTEMPTS = """
            select webhook_id, attempt, outcome, http_status, error, duration_ms, response_body, response_truncated,
                   attempted_at, next_attempt_at
              from delivery_attempts""";

    /** An owner and its signing secret, stored encrypted as api-service stores it. */
    public Owner owner() {
        UUID id = UUID.randomUUID();
        String secret = newSecret();
        return ownerWithStoredSecret(id, secret, CIPHER.encrypt(secret, id));
    }

    /** An owner whose secret is still stored in plain text, as before encryption (until api-service re-encrypts it). */
    public Owner ownerWithPlainSecret() {
        String secret = newSecret();
        return ownerWithStoredSecret(UUID.randomUUID(), secret, secret);
    }

    private Owner ownerWithStoredSecret(UUID id, String secret, String stored) {
        jdbc.sql("insert into owners (id, email) values (:id, :email)")
                .param("id", id)
                .param("email", "owner-" + id + "@example.com")
                .update();
        jdbc.sql("insert into webhook_secrets (owner_id, secret) values (:id, :secret)")
                .param("id", id)
                .param("secret", stored)
                .update();
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
                .param("id", owner.id())
                .param("secret", CIPHER.encrypt(secret, owner.id()))
                .param("ago", ago.toMillis() / 1000.0)
                .update();
        return new Owner(owner.id(), secret);
    }

    /**
     * Rotates one hook's own secret as api-service does (V28), {@code ago} before now: the new secret
     * signs for this hook alone, the one it replaced (the owner's at the first rotation) is kept as
     * previous_secret. Answers the new secret.
     */
    public String rotateHookSecret(Owner owner, UUID subscription, java.time.Duration ago) {
        String secret = newSecret();
        jdbc.sql("""
                        insert into hook_secrets (subscription_id, secret, previous_secret, rotated_at)
                        select :hook, :secret, w.secret, now() - make_interval(secs => :ago)
                          from webhook_secrets w where w.owner_id = :owner
                        on conflict (subscription_id) do update
                           set previous_secret = hook_secrets.secret, secret = excluded.secret,
                               rotated_at = excluded.rotated_at
                        """)
                .param("hook", subscription)
                .param("owner", owner.id())
                .param("secret", CIPHER.encrypt(secret, owner.id()))
                .param("ago", ago.toMillis() / 1000.0)
                .update();
        return secret;
    }

    /**
     * Sets a hook's custom headers as api-service does (V29): the JSON object encrypted, bound to the
     * hook's owner.
     */
    public void setHeaders(Owner owner, UUID subscription, String headersJson) {
        jdbc.sql("""
                        insert into hook_headers (subscription_id, headers) values (:hook, :headers)
                        on conflict (subscription_id) do update set headers = excluded.headers, updated_at = now()
                        """)
                .param("hook", subscription)
                .param("headers", CIPHER.encrypt(headersJson, owner.id()))
                .update();
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
                .param("id", id)
                .param("owner", owner.id())
                .param("slug", "p-" + id)
                .param("code", "C-" + id)
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
                .param("id", id)
                .param("owner", owner.id())
                .param("url", targetUrl)
                .param("property", propertyId)
                .update();
        return id;
    }

    public void setPaused(UUID subscriptionId, boolean paused) {
        jdbc.sql("update webhook_subscriptions set paused = :paused where id = :id")
                .param("paused", paused)
                .param("id", subscriptionId)
                .update();
    }

    /** The owner deleted the subscription, as DELETE /hooks/enquiries does. */
    public void unsubscribe(UUID subscriptionId) {
        jdbc.sql(
                        "update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'deleted' where id = :id")
                .param("id", subscriptionId)
                .update();
    }

    /** A subscription as the dispatcher leaves it. */
    public record Subscription(boolean paused, Instant unsubscribedAt, String unsubscribeReason) {}

    public Subscription subscription(UUID subscriptionId) {
        return jdbc.sql("select paused, unsubscribed_at, unsubscribe_reason from webhook_subscriptions where id = :id")
                .param("id", subscriptionId)
                .query((rs, n) -> new Subscription(
                        rs.getBoolean("paused"),
                        instant(rs.getTimestamp("unsubscribed_at")),
                        rs.getString("unsubscribe_reason")))
                .single();
    }

    /**
     * What the dispatcher found out about a hook, in its own row ({@code subscription_health}): when a
     * receiver answered 410, when it was disabled (nulls while not, or without a row).
     */
    public record Findings(Instant goneAt, Instant disabledAt, String disabledReason) {}

    public Findings findings(UUID subscriptionId) {
        return jdbc.sql(
                        "select gone_at, disabled_at, disabled_reason from subscription_health where subscription_id = :id")
                .param("id", subscriptionId)
                .query((rs, n) -> new Findings(
                        instant(rs.getTimestamp("gone_at")),
                        instant(rs.getTimestamp("disabled_at")),
                        rs.getString("disabled_reason")))
                .optional()
                .orElse(new Findings(null, null, null));
    }

    /** The owner resumed the hook, as api-service records it (paused no more, any disabling lifted, resumed_at now). */
    public void resume(UUID subscriptionId) {
        jdbc.sql(
                        "update webhook_subscriptions set paused = false, disabled_at = null, resumed_at = now() where id = :id")
                .param("id", subscriptionId)
                .update();
    }

    public String unsubscribeReason(UUID subscriptionId) {
        return jdbc.sql("select unsubscribe_reason from webhook_subscriptions where id = :id")
                .param("id", subscriptionId)
                .query(String.class)
                .optional()
                .orElse(null);
    }

    /** The attempts of one delivery in order. */
    public List<Attempt> attempts(UUID subscriptionId, UUID enquiryId) {
        return jdbc.sql(ATTEMPTS
                        + " where subscription_id = :subscription and enquiry_id = :enquiry order by attempt, id")
                .param("subscription", subscriptionId)
                .param("enquiry", enquiryId)
                .query(TestData::attempt)
                .list();
    }

    /** Every attempt logged for a subscription, of all its deliveries, in the order they were made. */
    public List<Attempt> attempts(UUID subscriptionId) {
        return jdbc.sql(ATTEMPTS + " where subscription_id = :subscription order by attempted_at, id")
                .param("subscription", subscriptionId)
                .query(TestData::attempt)
                .list();
    }

    /** A delivery's row ({@code deliveries}) as the dispatcher keeps it. */
    public record Delivery(
            String webhookId,
            Instant submittedAt,
            UUID eventId,
            String status,
            int attempts,
            int stage,
            Instant nextAttemptAt,
            Instant requestedAt,
            String requestId) {}

    /** The delivery of an enquiry's event to a subscription, if there is one. */
    public Optional<Delivery> delivery(UUID subscriptionId, UUID enquiryId) {
        return jdbc.sql("""
                        select webhook_id, submitted_at, event_id, status, attempts, stage, next_attempt_at, requested_at, request_id
                          from deliveries where subscription_id = :subscription and enquiry_id = :enquiry
                        """)
                .param("subscription", subscriptionId)
                .param("enquiry", enquiryId)
                .query((rs, n) -> new Delivery(
                        rs.getString("webhook_id"),
                        instant(rs.getTimestamp("submitted_at")),
                        rs.getObject("event_id", UUID.class),
                        rs.getString("status"),
                        rs.getInt("attempts"),
                        rs.getInt("stage"),
                        instant(rs.getTimestamp("next_attempt_at")),
                        instant(rs.getTimestamp("requested_at")),
                        rs.getString("request_id")))
                .optional();
    }

    /** The status of the delivery of an enquiry's event to a subscription, null when there is none. */
    public String deliveryStatus(UUID subscriptionId, UUID enquiryId) {
        return delivery(subscriptionId, enquiryId).map(Delivery::status).orElse(null);
    }

    /** The status of the delivery named {@code webhookId}, null when there is none. */
    public String deliveryStatusOf(String webhookId) {
        return jdbc.sql("select status from deliveries where webhook_id = :webhook")
                .param("webhook", webhookId)
                .query(String.class)
                .optional()
                .orElse(null);
    }

    /** The payload stored for an event ({@code webhook_events}): once however many subscriptions receive it. */
    public List<String> storedPayloads(UUID eventId) {
        return jdbc.sql("select payload::text from webhook_events where event_id = :event")
                .param("event", eventId)
                .query(String.class)
                .list();
    }

    /**
     * The owner asked for the event of {@code enquiryId} to be delivered to the subscription again
     * (redeliver, or one event of a recover), as the dispatcher marks the delivery's row when it applies
     * the command (command.RequestedDeliveries): a delivery in progress (pending or waiting) keeps its
     * chain and only notes the request (when, and its id); any other waits on its row, due now, at stage
     * 1 of the schedule, for the row poller.
     */
    public int askAgain(UUID subscriptionId, UUID enquiryId, String requestId) {
        int marked = jdbc.sql("""
                        update deliveries
                           set status = case when status in ('pending', 'waiting') then status else 'waiting' end,
                               next_attempt_at = case when status in ('pending', 'waiting') then next_attempt_at else now() end,
                               stage = case when status in ('pending', 'waiting') then stage else 1 end,
                               version = case when status in ('pending', 'waiting') then version else version + 1 end,
                               request_id = :request, requested_at = now(), updated_at = now()
                         where subscription_id = :subscription and enquiry_id = :enquiry
                        """)
                .param("request", requestId)
                .param("subscription", subscriptionId)
                .param("enquiry", enquiryId)
                .update();
        if (marked != 1) {
            throw new IllegalStateException("No delivery of " + enquiryId + " to " + subscriptionId);
        }
        return marked;
    }

    /**
     * An event's payload and its delivery to the subscription, written as the fan-out writes them but
     * in the state given: for an event never fanned out to the subscription (a recover of a paused hook's
     * events, applied by the dispatcher, inserts such rows, waiting and asked for), or a delivery left in
     * a given state. Answers its webhook-id.
     */
    public String insertDelivery(
            Owner owner,
            UUID subscriptionId,
            UUID eventId,
            UUID enquiryId,
            Instant submittedAt,
            String payload,
            String status,
            int attempts,
            int stage,
            Instant nextAttemptAt,
            String requestId) {
        return insertDelivery(
                owner,
                subscriptionId,
                eventId,
                enquiryId,
                submittedAt,
                payload,
                status,
                attempts,
                stage,
                nextAttemptAt,
                requestId,
                false);
    }

    private String insertDelivery(
            Owner owner,
            UUID subscriptionId,
            UUID eventId,
            UUID enquiryId,
            Instant submittedAt,
            String payload,
            String status,
            int attempts,
            int stage,
            Instant nextAttemptAt,
            String requestId,
            boolean test) {
        String webhookId = WebhookIds.of(eventId, SubscriptionId.of(subscriptionId));
        jdbc.sql("""
                        insert into webhook_events (event_id, submitted_at, enquiry_id, payload)
                        values (:event, :submitted, :enquiry, cast(:payload as json))
                        on conflict do nothing
                        """)
                .param("event", eventId)
                .param("submitted", timestamp(submittedAt))
                .param("enquiry", enquiryId)
                .param("payload", payload)
                .update();
        jdbc.sql("""
                        insert into deliveries (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id, status,
                                                attempts, stage, next_attempt_at, requested_at, request_id, test)
                        values (:webhook, :submitted, :event, :subscription, :owner, :enquiry, :status, :attempts, :stage,
                                :next, case when :requested then now() end, :request, :test)
                        """)
                .param("webhook", webhookId)
                .param("submitted", timestamp(submittedAt))
                .param("event", eventId)
                .param("subscription", subscriptionId)
                .param("owner", owner.id())
                .param("enquiry", enquiryId)
                .param("status", status)
                .param("attempts", attempts)
                .param("stage", stage)
                .param("next", nextAttemptAt == null ? null : timestamp(nextAttemptAt))
                .param("requested", requestId != null)
                .param("request", requestId)
                .param("test", test)
                .update();
        return webhookId;
    }

    /** An event never fanned out to the subscription, asked for by a recover: its row waits, due now, at stage 1. */
    public String askFor(
            Owner owner,
            UUID subscriptionId,
            UUID eventId,
            UUID enquiryId,
            Instant submittedAt,
            String payload,
            String requestId) {
        return insertDelivery(
                owner,
                subscriptionId,
                eventId,
                enquiryId,
                submittedAt,
                payload,
                "waiting",
                0,
                1,
                Instant.now(),
                requestId);
    }

    /**
     * A test event to the subscription, written as the dispatcher writes it when it applies the command
     * of api-service's {@code POST …/test}: its payload, and its delivery waiting, due now, marked
     * {@code test}. Answers its webhook-id.
     */
    public String sendTest(Owner owner, UUID subscriptionId, String payload) {
        return sendTest(owner, subscriptionId, Instant.now(), payload);
    }

    /**
     * A test event of an enquiry submitted at {@code submittedAt}, its row written marked {@code test} at
     * once (the dispatcher may attempt a due row as soon as it is written).
     */
    public String sendTest(Owner owner, UUID subscriptionId, Instant submittedAt, String payload) {
        return insertDelivery(
                owner,
                subscriptionId,
                UUID.randomUUID(),
                UUID.randomUUID(),
                submittedAt,
                payload,
                "waiting",
                0,
                1,
                Instant.now(),
                "req_test",
                true);
    }

    /** Sets the subscription's throttle as api-service's {@code PUT …/throttle} does (null: none). */
    public void setThrottle(UUID subscriptionId, Integer perSecond) {
        jdbc.sql("update webhook_subscriptions set throttle_per_second = :rate where id = :id")
                .param("rate", perSecond)
                .param("id", subscriptionId)
                .update();
    }

    /**
     * The delivery named {@code webhookId} waits on its row for the start {@code startAt} its hook's
     * throttle reserved, as the attempt log leaves it, the row last written at {@code writtenAt}.
     */
    public void reservedStart(String webhookId, Instant startAt, Instant writtenAt) {
        jdbc.sql("""
                        update deliveries set status = 'waiting', version = version + 1, next_attempt_at = :start,
                               throttled_until = :start, updated_at = :written
                         where webhook_id = :webhook
                        """)
                .param("start", timestamp(startAt))
                .param("written", timestamp(writtenAt))
                .param("webhook", webhookId)
                .update();
    }

    /** When the throttle gave the delivery its start (null: it waits for none) and when it is next due. */
    public record ThrottledWait(Instant throttledUntil, Instant nextAttemptAt) {}

    public ThrottledWait throttledWait(String webhookId) {
        return jdbc.sql("select throttled_until, next_attempt_at from deliveries where webhook_id = :webhook")
                .param("webhook", webhookId)
                .query((rs, n) -> new ThrottledWait(
                        instant(rs.getTimestamp("throttled_until")), instant(rs.getTimestamp("next_attempt_at"))))
                .single();
    }

    /** An attempt as the owner's attempt detail reads it. */
    public record AttemptDetail(
            String webhookId,
            String outcome,
            Integer httpStatus,
            boolean test,
            String requestHeaders,
            String responseHeaders,
            String responseBody,
            boolean responseTruncated,
            String payload) {}

    /** The attempts of a delivery with what they sent and got, oldest first, the payload found through the delivery. */
    public List<AttemptDetail> attemptDetails(String webhookId) {
        return jdbc.sql("""
                        select a.webhook_id, a.outcome, a.http_status, a.test, a.request_headers::text as request_headers,
                               a.response_headers::text as response_headers, a.response_body, a.response_truncated,
                               e.payload::text as payload
                          from delivery_attempts a
                          join deliveries d on d.webhook_id = a.webhook_id and d.submitted_at = a.submitted_at
                          join webhook_events e on e.event_id = d.event_id and e.submitted_at = d.submitted_at
                         where a.webhook_id = :webhook order by a.attempted_at, a.id
                        """)
                .param("webhook", webhookId)
                .query((rs, n) -> new AttemptDetail(
                        rs.getString("webhook_id"),
                        rs.getString("outcome"),
                        rs.getObject("http_status", Integer.class),
                        rs.getBoolean("test"),
                        rs.getString("request_headers"),
                        rs.getString("response_headers"),
                        rs.getString("response_body"),
                        rs.getBoolean("response_truncated"),
                        rs.getString("payload")))
                .list();
    }

    /** The attempts counted for the subscription's statistics, as "outcome/status" to count. */
    public Map<String, Long> attemptCounts(UUID subscriptionId) {
        Map<String, Long> counts = new java.util.TreeMap<>();
        jdbc.sql(
                        "select outcome, http_status, sum(attempts) as n from attempt_counts where subscription_id = :id group by 1, 2")
                .param("id", subscriptionId)
                .query((rs, n) -> counts.put(rs.getString("outcome") + "/" + rs.getInt("http_status"), rs.getLong("n")))
                .list();
        return counts;
    }

    /** What the dispatcher keeps about a subscription's deliveries ({@code subscription_health}), if anything yet. */
    public record Health(int consecutiveFailures, Instant failingSince, String lastOutcome, Integer lastHttpStatus) {}

    public Optional<Health> health(UUID subscriptionId) {
        return jdbc.sql("""
                        select consecutive_failures, failing_since, last_outcome, last_http_status
                          from subscription_health where subscription_id = :subscription
                        """)
                .param("subscription", subscriptionId)
                .query((rs, n) -> new Health(
                        rs.getInt("consecutive_failures"),
                        instant(rs.getTimestamp("failing_since")),
                        rs.getString("last_outcome"),
                        rs.getObject("last_http_status", Integer.class)))
                .optional();
    }

    private static java.time.OffsetDateTime timestamp(Instant instant) {
        return instant.atOffset(java.time.ZoneOffset.UTC);
    }

    private static Attempt attempt(ResultSet rs, int row) throws SQLException {
        return new Attempt(
                rs.getString("webhook_id"),
                rs.getInt("attempt"),
                rs.getString("outcome"),
                rs.getObject("http_status", Integer.class),
                rs.getString("error"),
                rs.getObject("duration_ms", Integer.class),
                rs.getString("response_body"),
                rs.getBoolean("response_truncated"),
                instant(rs.getTimestamp("attempted_at")),
                instant(rs.getTimestamp("next_attempt_at")));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
