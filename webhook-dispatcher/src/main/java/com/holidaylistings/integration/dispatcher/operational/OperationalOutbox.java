package com.holidaylistings.integration.dispatcher.operational;

import com.holidaylistings.integration.dispatcher.delivery.WebhookProperties;
import com.holidaylistings.integration.events.delivery.DeliveryOutcome;
import com.holidaylistings.integration.events.delivery.DeliveryRefusal;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Predicate;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Decides the operational events that a batch of stored attempts causes, and writes each to the
 * outbox table {@code operational_events} with the state change it announces. It runs inside the
 * attempt log's batch transaction, right after the attempts are inserted, and that is the point:
 * an attempt, the hook's new state and the event announcing it commit together or not at all, so
 * no transition is lost when a dispatcher dies between them (a separate transaction after the
 * attempt was stored could lose a {@code delivery.abandoned} for good), and none is announced for
 * an attempt that was rolled back. It costs one statement per kind of outcome in the batch, not
 * one per attempt.
 *
 * <p>Each transition is a conditional update of the subscription ({@code failing_since is null},
 * {@code failing_since is not null}, {@code unsubscribed_at is null}): of two replicas deciding at
 * once, the second waits for the first's row lock, finds the condition false and announces nothing.
 * So each transition is announced once; duplicates come only from the outbox being published
 * again after a crash (same {@code event_id}).
 */
@Component
public class OperationalOutbox {

    private static final DateTimeFormatter MICROSECONDS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSX").withZone(ZoneOffset.UTC);
    private static final String INSERT = """
            insert into operational_events (id, hook_id, type, payload, created_at) values (?, ?, ?, cast(? as json), ?)
            """;
    private static final String HOOK = "s.id, s.owner_id, s.target_url, s.property_id";
    // A 410 ends the subscription here rather than before the attempt is stored, so that it is announced once.
    private static final String GONE = """
            update webhook_subscriptions s set unsubscribed_at = now(), unsubscribe_reason = ?
             where s.id = any(?) and s.unsubscribed_at is null
            returning\s""" + HOOK;
    private static final String RECOVERED = """
            update webhook_subscriptions s set failing_since = null
             where s.id = any(?) and s.failing_since is not null
            returning\s""" + HOOK;
    private static final String FAILURES = "('" + DeliveryOutcome.FAILED.value() + "', '" + DeliveryOutcome.ABANDONED.value() + "')";
    // The latest N attempts all failed (N rows of the recent-attempts index); the latest one's status
    // and error; consecutive_failures counted as the portal counts it (failures since the latest success).
    private static final String FAILING = """
            update webhook_subscriptions s set failing_since = now()
              from (select a.http_status, a.error from delivery_attempts a
                     where a.subscription_id = :id order by a.attempted_at desc, a.id desc limit 1) last
             where s.id = :id and s.failing_since is null and s.unsubscribed_at is null
               and (select count(*) filter (where latest.outcome in FAILURES)
                      from (select a.outcome from delivery_attempts a where a.subscription_id = s.id
                             order by a.attempted_at desc, a.id desc limit :n) latest) = :n
            returning s.id, s.owner_id, s.target_url, s.property_id, last.http_status, last.error,
                      (select count(*) from delivery_attempts f
                        where f.subscription_id = s.id and f.outcome in FAILURES
                          and f.attempted_at > coalesce((select max(x.attempted_at) from delivery_attempts x
                                                          where x.subscription_id = s.id and x.outcome = 'SUCCEEDED'),
                                                        '-infinity')) as consecutive_failures
            """.replace("FAILURES", FAILURES).replace("SUCCEEDED", DeliveryOutcome.SUCCEEDED.value())
            .replace(":id", "?").replace(":n", "?");
    private static final String HOOKS = "select " + HOOK + " from webhook_subscriptions s where s.id = any(?)";

    private final JsonMapper json;
    private final int failingAfter;

    OperationalOutbox(JsonMapper json, WebhookProperties properties) {
        this.json = json;
        this.failingAfter = properties.failingAfter();
    }

    /** The hook as every event names it. */
    private record Hook(SubscriptionId id, OwnerId owner, String targetUrl, UUID propertyId) {

        static Hook read(ResultSet rs) throws SQLException {
            return new Hook(SubscriptionId.of(rs.getObject("id", UUID.class)), OwnerId.of(rs.getObject("owner_id", UUID.class)),
                    rs.getString("target_url"), rs.getObject("property_id", UUID.class));
        }
    }

    /** One event decided, not yet written. */
    private record Decided(UUID id, Hook hook, OperationalEventType type, Instant at, ObjectNode payload) {}

    /**
     * Within the caller's transaction, after {@code attempts} are inserted: applies the transitions
     * they cause and writes one outbox row per event; returns how many.
     */
    public int afterAttemptsStored(JdbcTemplate jdbc, List<StoredAttempt> attempts) {
        List<Decided> decided = new ArrayList<>();
        Map<SubscriptionId, Hook> unsubscribed = new HashMap<>();
        for (Hook hook : update(jdbc, GONE, ids(attempts, outcome -> outcome == DeliveryOutcome.GONE), DeliveryRefusal.GONE_REASON)) {
            unsubscribed.put(hook.id(), hook);
            decided.add(event(hook, OperationalEventType.HOOK_UNSUBSCRIBED));
        }
        for (Hook hook : update(jdbc, RECOVERED, ids(attempts, outcome -> outcome == DeliveryOutcome.SUCCEEDED), null)) {
            decided.add(event(hook, OperationalEventType.HOOK_RECOVERED));
        }
        List<StoredAttempt> abandoned = attempts.stream().filter(a -> a.outcome() == DeliveryOutcome.ABANDONED).toList();
        if (!abandoned.isEmpty()) {
            Map<SubscriptionId, Hook> hooks = hooks(jdbc, ids(abandoned, outcome -> true));
            for (StoredAttempt attempt : abandoned) {
                Hook hook = hooks.get(attempt.subscription());
                if (hook != null) { // a subscription deleted with its owner meanwhile has nobody to tell
                    Decided event = event(hook, OperationalEventType.DELIVERY_ABANDONED);
                    event.payload().put("enquiry_id", attempt.enquiry().toString());
                    event.payload().put("attempts", attempt.attempt());
                    decided.add(event);
                }
            }
        }
        for (SubscriptionId failing : ids(attempts, DeliveryOutcome::isFailure)) {
            decided.addAll(failing(jdbc, failing));
        }
        jdbc.batchUpdate(INSERT, decided, decided.size(), (statement, event) -> {
            statement.setObject(1, event.id());
            statement.setObject(2, event.hook().id().value());
            statement.setString(3, event.type().value());
            statement.setString(4, json.writeValueAsString(event.payload()));
            statement.setTimestamp(5, Timestamp.from(event.at()));
        });
        return decided.size();
    }

    private List<Decided> failing(JdbcTemplate jdbc, SubscriptionId subscription) {
        UUID id = subscription.value();
        return jdbc.query(FAILING, (rs, n) -> {
            Decided event = event(Hook.read(rs), OperationalEventType.HOOK_FAILING);
            event.payload().put("last_http_status", rs.getObject("http_status", Integer.class));
            event.payload().put("last_error", rs.getString("error"));
            event.payload().put("consecutive_failures", rs.getInt("consecutive_failures"));
            return event;
        }, id, id, failingAfter, failingAfter);
    }

    private Decided event(Hook hook, OperationalEventType type) {
        UUID id = UUID.randomUUID();
        Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS);
        ObjectNode payload = json.createObjectNode();
        payload.put("type", type.value());
        payload.put("event_id", id.toString());
        payload.put("occurred_at", MICROSECONDS.format(at));
        payload.put("owner_id", hook.owner().toString());
        payload.put("hook_id", hook.id().toString());
        payload.put("targetUrl", hook.targetUrl());
        payload.put("propertyId", hook.propertyId() == null ? null : hook.propertyId().toString());
        return new Decided(id, hook, type, at, payload);
    }

    private static List<Hook> update(JdbcTemplate jdbc, String sql, Collection<SubscriptionId> ids, String reason) {
        if (ids.isEmpty()) {
            return List.of();
        }
        Array array = uuidArray(jdbc, ids.stream().map(SubscriptionId::value).toList());
        return reason == null ? jdbc.query(sql, (rs, n) -> Hook.read(rs), array)
                : jdbc.query(sql, (rs, n) -> Hook.read(rs), reason, array);
    }

    private static Map<SubscriptionId, Hook> hooks(JdbcTemplate jdbc, Collection<SubscriptionId> ids) {
        Map<SubscriptionId, Hook> hooks = new HashMap<>();
        jdbc.query(HOOKS, (ResultSet rs) -> {
            Hook hook = Hook.read(rs);
            hooks.put(hook.id(), hook);
        }, uuidArray(jdbc, ids.stream().map(SubscriptionId::value).toList()));
        return hooks;
    }

    /** The distinct subscriptions with an attempt of such an outcome, in key order (the order rows are locked in). */
    private static TreeSet<SubscriptionId> ids(List<StoredAttempt> attempts, Predicate<DeliveryOutcome> outcome) {
        TreeSet<SubscriptionId> ids = new TreeSet<>((a, b) -> a.value().compareTo(b.value()));
        attempts.stream().filter(a -> outcome.test(a.outcome())).forEach(a -> ids.add(a.subscription()));
        return ids;
    }

    private static Array uuidArray(JdbcTemplate jdbc, List<UUID> ids) {
        return jdbc.execute((Connection connection) -> connection.createArrayOf("uuid", ids.toArray()));
    }
}
