package com.holidaylistings.integration.dispatcher.log;

import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.dispatcher.SqlArrays;
import com.holidaylistings.integration.dispatcher.batching.Batches;
import com.holidaylistings.integration.dispatcher.batching.BatchingComponent;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.dispatcher.secrets.DecryptedSecrets;
import com.holidaylistings.integration.dispatcher.settings.WebhookProperties;
import com.holidaylistings.integration.dispatcher.transition.Delivery;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.secrets.SecretCipher;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

/**
 * The delivery rows as an attempt needs them. They are read in batches ({@link Batches}): the
 * attempts that start while one read runs are read together in the next, in one query, so that a
 * burst of deliveries costs a statement per batch rather than per delivery. Their changes are
 * written by {@link com.holidaylistings.integration.dispatcher.store.DeliveryStore} alone, in batches
 * too: after an attempt through the {@link AttemptLog}, when an owner's lane is full through the
 * {@link com.holidaylistings.integration.dispatcher.waiting.ParkingLot}.
 */
@Repository
public class Deliveries extends BatchingComponent {

    private static final int MAX_BATCH = 200;
    /**
     * The hooks whose decrypted custom headers are kept: fewer than secrets, since ten headers at their
     * longest are about 11,000 characters (22 KB a hook, 11 MB for all 500 at worst).
     */
    private static final int HEADERS_KEPT = 500;
    // One row per key found, numbered as the keys were given; a row whose delivery is gone is missing.
    // The subscription, the dispatcher's own findings about it, the hook's own secrets and the owner's are looked
    // up by key for each row (offset 0 keeps each subquery apart): joined as tables, the generic plan hashed all
    // of webhook_secrets and of webhook_subscriptions for every batch, a cost that grows with the owners and
    // hooks (docs/benchmarks/delivery-model.md and dispatcher.md).
    // A hook receives nothing while paused or unsubscribed on api-service's row, once a 410 was stored here
    // (gone_at), and while a disabling is newer than the owner's latest resume, at once: api-service learns of
    // the last two later, through webhook.operational.
    // A hook signs with its own secrets once it has them (a row in hook_secrets, whose rotated_at is never
    // null), else with its owner's; the previous secret of whichever it signs with, during its overlap.
    // A hook's custom headers (hook_headers, a row only for a hook that has any) are looked up by key too.
    private static final String FOR_ATTEMPT = """
            select k.n, d.enquiry_id, d.status, d.attempts, d.stage, d.version, d.request_id, d.requested_at is not null as asked_for,
                   d.test, d.throttled_until is not null as start_reserved, e.payload::text as payload,
                   s.target_url, s.owner_id, s.throttle_per_second, coalesce(hs.secret, w.secret) as secret,
                   s.paused or coalesce(h.disabled_at >= coalesce(s.resumed_at, '-infinity'), false)
                       or s.unsubscribe_reason is not null or h.gone_at is not null as receives_nothing,
                   case when coalesce(hs.rotated_at, w.rotated_at) > now() - make_interval(secs => ?)
                        then case when hs.secret is null then w.previous_secret else hs.previous_secret end
                   end as previous_secret,
                   hh.headers as custom_headers
              from unnest(?::text[], ?::timestamptz[]) with ordinality as k(webhook_id, submitted_at, n)
              join deliveries d on d.webhook_id = k.webhook_id and d.submitted_at = k.submitted_at
              join webhook_events e on e.event_id = d.event_id and e.submitted_at = d.submitted_at
              cross join lateral (select s.target_url, s.paused, s.unsubscribe_reason, s.resumed_at, s.owner_id,
                                         s.throttle_per_second
                                    from webhook_subscriptions s where s.id = d.subscription_id offset 0) s
              left join lateral (select h.gone_at, h.disabled_at from subscription_health h
                                  where h.subscription_id = d.subscription_id offset 0) h on true
              left join lateral (select hs.secret, hs.previous_secret, hs.rotated_at from hook_secrets hs
                                  where hs.subscription_id = d.subscription_id offset 0) hs on true
              cross join lateral (select w.secret, w.previous_secret, w.rotated_at from webhook_secrets w
                                   where w.owner_id = s.owner_id offset 0) w
              left join lateral (select hh.headers from hook_headers hh
                                  where hh.subscription_id = d.subscription_id offset 0) hh on true
            """;

    private final JdbcTemplate jdbc;
    private final Duration secretOverlap;
    private final DecryptedSecrets secrets;
    private final CustomHeaders headers;
    private final Batches<DeliveryTask, Row> reads;

    Deliveries(JdbcTemplate jdbc, WebhookProperties properties, SecretCipher cipher, JsonMapper json) {
        this.jdbc = jdbc;
        this.secretOverlap = properties.secretOverlap();
        this.secrets = new DecryptedSecrets(cipher::decrypt, DecryptedSecrets.MAX);
        this.headers = new CustomHeaders(new DecryptedSecrets(cipher::decrypt, HEADERS_KEPT), json);
        this.reads = new Batches<>("delivery-reads", MAX_BATCH, this::read);
    }

    /**
     * Everything one attempt needs, read with the other attempts starting at the same time: the
     * delivery's row, the event's payload, the subscription as it is now (where, whether it still
     * receives anything, by its row and by what the dispatcher found out about it, its throttle) and
     * the secrets it signs with, the hook's own once rotated, else its owner's (the previous one too
     * while its rotation is younger than {@code WEBHOOK_SECRET_OVERLAP}, judged by the database's
     * clock, which set {@code rotated_at}), decrypted, and the hook's custom headers, decrypted. Empty when the row is gone. A failure of the database is
     * thrown as it came. A secret that no key of {@code SECRETS_ENCRYPTION_KEYS} decrypts is thrown
     * as {@link com.holidaylistings.integration.secrets.SecretNotDecryptable}: like a failure
     * of the database, the record is tried again later rather than counted as an attempt.
     */
    public Optional<Attemptable> forAttempt(DeliveryTask task) {
        Row row;
        try {
            row = reads.submit(task).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
        return Optional.ofNullable(row).map(found -> found.attemptable(task, secrets, headers));
    }

    /** The rows of {@code tasks}' deliveries, in their order, null for a row that is gone. */
    private List<Row> read(List<DeliveryTask> tasks) {
        List<Row> rows = new ArrayList<>(Collections.nCopies(tasks.size(), null));
        Array webhookIds = SqlArrays.column(jdbc, "text", tasks, DeliveryTask::webhookId);
        Array submittedAt = SqlArrays.column(jdbc, "timestamptz", tasks, t -> Timestamp.from(t.submittedAt()));
        jdbc.query(
                FOR_ATTEMPT,
                (ResultSet rs) -> {
                    rows.set(rs.getInt("n") - 1, Row.of(rs));
                },
                secretOverlap.toNanos() / 1e9,
                webhookIds,
                submittedAt);
        return rows;
    }

    /** A delivery's row as read, its secrets still encrypted: decrypting is the attempt's own work. */
    private record Row(
            UUID enquiryId,
            DeliveryStatus status,
            int attempts,
            int stage,
            int version,
            boolean test,
            String payload,
            String requestId,
            boolean askedFor,
            String url,
            UUID ownerId,
            String secret,
            String previousSecret,
            boolean receivesNothing,
            Integer throttlePerSecond,
            boolean startReserved,
            String customHeaders) {

        static Row of(ResultSet rs) throws SQLException {
            return new Row(
                    rs.getObject("enquiry_id", UUID.class),
                    DeliveryStatus.of(rs.getString("status")),
                    rs.getInt("attempts"),
                    rs.getInt("stage"),
                    rs.getInt("version"),
                    rs.getBoolean("test"),
                    rs.getString("payload"),
                    rs.getString("request_id"),
                    rs.getBoolean("asked_for"),
                    rs.getString("target_url"),
                    rs.getObject("owner_id", UUID.class),
                    rs.getString("secret"),
                    rs.getString("previous_secret"),
                    rs.getBoolean("receives_nothing"),
                    rs.getObject("throttle_per_second", Integer.class),
                    rs.getBoolean("start_reserved"),
                    rs.getString("custom_headers"));
        }

        Attemptable attemptable(DeliveryTask task, DecryptedSecrets decrypted, CustomHeaders headers) {
            String current = decrypted.decrypt(secret, ownerId);
            List<String> secrets = previousSecret == null
                    ? List.of(current)
                    : List.of(current, decrypted.decrypt(previousSecret, ownerId));
            return new Attemptable(
                    new Delivery(
                            task.webhookId(),
                            task.submittedAt(),
                            task.subscriptionId(),
                            EnquiryId.of(enquiryId),
                            status,
                            attempts,
                            stage,
                            test,
                            version),
                    payload,
                    requestId,
                    askedFor,
                    url,
                    secrets,
                    headers.opened(customHeaders, ownerId),
                    receivesNothing,
                    throttlePerSecond,
                    startReserved);
        }
    }

    /**
     * A delivery ready to attempt: its row, the event's exact payload, the id of the request behind it
     * (for the logs), whether anyone asked for it again (redeliver, recover, replay), where to send it
     * and with what secrets (the current one first) and custom headers (none: empty); whether its subscription receives nothing now
     * (paused, disabled, removed or unsubscribed, on api-service's row or by the dispatcher's own
     * findings: the attempt is skipped), the
     * subscription's throttle (null when none), and whether the throttle already gave this attempt its
     * start (it waited on its row).
     */
    public record Attemptable(
            Delivery delivery,
            String payload,
            String requestId,
            boolean askedFor,
            String url,
            List<String> secrets,
            Map<String, String> headers,
            boolean receivesNothing,
            Integer throttlePerSecond,
            boolean startReserved) {

        SubscriptionId subscription() {
            return delivery.subscription();
        }

        /**
         * Whether the attempt's timing is the pipeline's (latency, lateness): not a test event, and not
         * a delivery that waited for its hook's throttle, whose waits the owner chose.
         */
        public boolean timedAsPipeline() {
            return !delivery.test() && !startReserved;
        }

        /** The throttle must give this attempt its start: a test event goes at once. */
        public boolean needsThrottle() {
            return throttlePerSecond != null && !startReserved && !delivery.test();
        }
    }

    @Override
    protected Batches<?, ?> batches() {
        return reads;
    }
}
