package com.holidaylistings.integration.dispatcher.log;

import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import com.holidaylistings.integration.dispatcher.SqlArrays;
import com.holidaylistings.integration.dispatcher.batching.Batches;
import com.holidaylistings.integration.dispatcher.batching.BatchingComponent;
import com.holidaylistings.integration.dispatcher.operational.OperationalEvent;
import com.holidaylistings.integration.dispatcher.operational.OperationalOutbox;
import com.holidaylistings.integration.dispatcher.operational.OperationalOutbox.Decided;
import com.holidaylistings.integration.dispatcher.settings.WebhookProperties;
import com.holidaylistings.integration.dispatcher.store.DeliveryStore;
import com.holidaylistings.integration.dispatcher.transition.Attempt;
import com.holidaylistings.integration.dispatcher.transition.Delivery;
import com.holidaylistings.integration.dispatcher.transition.DeliveryTransitions;
import com.holidaylistings.integration.dispatcher.transition.HookHealth;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import io.github.resilience4j.retry.Retry;
import java.sql.Array;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes what attempts made of their deliveries in batches, one transaction each: one insert per
 * attempt would cap the dispatcher at the database's commit rate. In a batch: the attempts into the
 * attempt log; each delivery's row as its transition left it ({@link DeliveryStore#changed}, only
 * if the row is still at the version the change was made from); the health of each subscription involved,
 * locked in key order and changed attempt by attempt by {@link DeliveryTransitions}; what the batch
 * found out about a hook (gone after a 410, disabled after days of failure), in that same row and not
 * in the subscription's, which is api-service's to change when the event reaches it; and the
 * operational events all this decided, through {@link OperationalOutbox}, each with the trace context
 * of the attempt that decided it.
 * An attempt is never stored without its delivery's new state and its events, nor they without it.
 * A caller's future completes once its change is stored; transient database errors are retried here.
 */
@Component
public class AttemptLog extends BatchingComponent {

    private static final int MAX_BATCH = 500;
    /**
     * Changes queued for the attempt log at most: an attempt waits for room before it finishes, holding
     * its owner's lane slot, so that when the database falls behind the lanes back up (and deliveries
     * wait on their rows) rather than the heap filling with stored-to-be attempts (the traffic mix ran a
     * dispatcher out of its heap that way, thousands of changes with their request and response; each
     * is about 2 KB).
     */
    private static final int MAX_QUEUED = 2 * MAX_BATCH;

    private static final String INSERT = """
            insert into delivery_attempts (webhook_id, subscription_id, enquiry_id, attempt, outcome, http_status, error,
                                           duration_ms, response_body, response_truncated, attempted_at, next_attempt_at,
                                           submitted_at, test, request_headers, response_headers)
            values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, cast(? as jsonb), cast(? as jsonb))
            """;
    // The batch's counts in one statement, which costs the database less a count than a statement for each
    // (docs/benchmarks/delivery-model.md). In key order, as every batch locks its rows, so that two replicas'
    // batches cannot deadlock; a subscription deleted meanwhile has none.
    private static final String COUNT = """
            insert into attempt_counts as c (subscription_id, day, outcome, http_status, attempts)
            select k.subscription_id, k.day, k.outcome, k.http_status, k.attempts
              from unnest(?::uuid[], ?::date[], ?::text[], ?::int[], ?::bigint[])
                   with ordinality as k(subscription_id, day, outcome, http_status, attempts, n)
             where exists (select 1 from webhook_subscriptions s where s.id = k.subscription_id)
             order by k.n
            on conflict (subscription_id, day, outcome, http_status) do update set attempts = c.attempts + excluded.attempts
            """;
    private static final String ENSURE_HEALTH = """
            insert into subscription_health (subscription_id)
            select id from webhook_subscriptions where id = any(?) on conflict do nothing
            returning subscription_id
            """;
    /**
     * Subscriptions whose health row this process has seen committed, at most: a hook's row is made at
     * its first attempt and never deleted, so only the others need the insert that makes sure of it.
     */
    private static final int MAX_KNOWN_HEALTH_ROWS = 10_000;

    private static final String LOCK_HEALTH = """
            select subscription_id, consecutive_failures, first_failure_at, failing_since, last_attempt_at, last_outcome,
                   last_success_at, last_http_status, last_error
              from subscription_health where subscription_id = any(?) order by subscription_id for update
            """;
    private static final String UPDATE_HEALTH = """
            update subscription_health set consecutive_failures = ?, first_failure_at = ?, failing_since = ?, last_attempt_at = ?,
                   last_outcome = ?, last_success_at = ?, last_http_status = ?, last_error = ?
             where subscription_id = ?
            """;
    // What the dispatcher found out about a hook goes to its own row (subscription_health), never to the
    // subscription's, which is api-service's: webhook.operational takes it there. Each is written once, so
    // that it is announced once: of two replicas storing a 410 (or the last failures) at once only the first
    // announces it. The health rows are found by key and the subscription of each by a correlated subquery,
    // run row by row (generic plans: never a join that could hash a growing table, see Deliveries.FOR_ATTEMPT).
    // A 410 ends the hook for the dispatcher; one the owner removed meanwhile is not announced.
    private static final String GONE = """
            update subscription_health h set gone_at = ?
             where h.subscription_id = any(?) and h.gone_at is null
               and (select s.unsubscribed_at is null from webhook_subscriptions s where s.id = h.subscription_id)
            returning h.subscription_id
            """;
    // Days of failures disable the hook for the dispatcher until the owner resumes it (a resumed_at later
    // than the disabling); one the owner paused or removed meanwhile, or found gone, is not announced.
    private static final String DISABLE = """
            update subscription_health h set disabled_at = ?, disabled_reason = ?
             where h.subscription_id = any(?) and h.gone_at is null
               and (select not s.paused and s.unsubscribed_at is null
                           and (h.disabled_at is null or h.disabled_at < s.resumed_at)
                      from webhook_subscriptions s where s.id = h.subscription_id)
            returning h.subscription_id
            """;

    /**
     * A delivery's new row, and the attempt that made it (null when it was skipped or throttled
     * unattempted); {@code throttledUntil} is the start its throttle gave it, when it waits for that;
     * {@code traceparent} is the attempt span's context, which the events it decides (these, and those
     * of its hook's health) keep (null without an attempt).
     */
    public record Change(
            Delivery before,
            Delivery after,
            Instant nextAttemptAt,
            Instant throttledUntil,
            Attempt attempt,
            List<OperationalEvent> events,
            String traceparent) {

        public Change(
                Delivery before,
                Delivery after,
                Instant nextAttemptAt,
                Attempt attempt,
                List<OperationalEvent> events,
                String traceparent) {
            this(before, after, nextAttemptAt, null, attempt, events, traceparent);
        }

        /** Its hook receives nothing now: {@link Delivery#skipped}, unattempted. */
        public static Change skipped(Delivery before) {
            return new Change(before, before.skipped(), null, null, null, List.of(), null);
        }

        /** Its throttle gave it a later start: {@link Delivery#throttled}, unattempted, due then. */
        public static Change throttled(Delivery before, Instant startAt) {
            return new Change(before, before.throttled(), startAt, startAt, null, List.of(), null);
        }

        /** Its retry's record could not be put on its retry topic: {@link Delivery#waitingOnRow}, due when the record would have been. */
        public static Change waitingOnRow(Delivery before, Instant dueAt) {
            return new Change(before, before.waitingOnRow(), dueAt, null, null, List.of(), null);
        }

        DeliveryStore.RowChange row() {
            return new DeliveryStore.RowChange(before, after, nextAttemptAt, throttledUntil);
        }
    }

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final Retry retry;
    private final DeliveryTransitions transitions;
    private final OperationalOutbox operational;
    private final DeliveryStore store;
    private final Batches<Change, Boolean> writer;
    private final JsonMapper json;
    private final Set<UUID> knownHealthRows = ConcurrentHashMap.newKeySet();

    AttemptLog(
            JdbcTemplate jdbc,
            TransactionTemplate transaction,
            WebhookProperties properties,
            DeliveryTransitions transitions,
            OperationalOutbox operational,
            JsonMapper json,
            DeliveryStore store) {
        this.store = store;
        this.jdbc = jdbc;
        this.json = json;
        this.transaction = transaction;
        this.transitions = transitions;
        this.operational = operational;
        this.retry = properties.attemptLogRetry().toRetry("attempt-log");
        this.writer = Batches.bounded(
                "attempt-log",
                MAX_BATCH,
                MAX_QUEUED,
                changes -> retry.executeSupplier(() -> transaction.execute(status -> write(changes))));
    }

    /**
     * Stores the change; the future completes once it is committed, with whether the delivery's row
     * took it (false: the row had moved on from the version the change was made from, and only the
     * attempt, a fact, was stored).
     */
    public CompletableFuture<Boolean> record(Change change) {
        return writer.submit(change);
    }

    private List<Boolean> write(List<Change> changes) {
        List<Change> attempted = changes.stream()
                .filter(c -> c.attempt() != null)
                .sorted(Comparator.comparing((Change c) -> c.attempt().attemptedAt()))
                .toList();
        List<Attempt> attempts = attempted.stream().map(Change::attempt).toList();
        jdbc.batchUpdate(INSERT, attempts, attempts.size(), (statement, a) -> {
            statement.setString(1, a.delivery().webhookId());
            statement.setObject(2, a.delivery().subscription().value());
            statement.setObject(3, a.delivery().enquiry().value());
            statement.setInt(4, a.number());
            statement.setString(5, a.outcome().value());
            statement.setObject(6, a.httpStatus());
            statement.setString(7, a.error());
            statement.setLong(8, a.durationMs());
            statement.setString(9, a.responseBody());
            statement.setBoolean(10, a.responseTruncated());
            statement.setTimestamp(11, Timestamp.from(a.attemptedAt()));
            statement.setTimestamp(12, a.nextAttemptAt() == null ? null : Timestamp.from(a.nextAttemptAt()));
            statement.setTimestamp(13, Timestamp.from(a.delivery().submittedAt()));
            statement.setBoolean(14, a.delivery().test());
            statement.setString(15, headers(a.requestHeaders()));
            statement.setString(16, a.httpStatus() == null ? null : headers(a.responseHeaders()));
        });
        count(attempts);
        Set<String> changedRows =
                store.changed(changes.stream().map(Change::row).toList());
        List<Decided> events = new ArrayList<>();
        changes.forEach(c -> c.events().forEach(e -> events.add(new Decided(e, c.traceparent()))));
        events.addAll(changeHealth(attempted));
        Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS);
        operational.write(jdbc, announcedOnce(events, at), at);
        return changes.stream()
                .map(c -> changedRows.contains(c.after().webhookId()))
                .toList();
    }

    private String headers(Map<String, String> headers) {
        return headers.isEmpty() ? null : json.writeValueAsString(headers);
    }

    /** The key of a row of {@code attempt_counts}: the statistics of a hook read these, not its attempts. */
    private record CountKey(UUID subscription, LocalDate day, String outcome, int httpStatus) {}

    /** Adds the batch's attempts (not the test events') to the counts per hook, day, outcome and status. */
    private void count(List<Attempt> attempts) {
        Map<CountKey, Long> counts = new TreeMap<>(Comparator.comparing(CountKey::subscription)
                .thenComparing(CountKey::day)
                .thenComparing(CountKey::outcome)
                .thenComparing(CountKey::httpStatus));
        for (Attempt a : attempts) {
            if (!a.delivery().test()) {
                counts.merge(
                        new CountKey(
                                a.delivery().subscription().value(),
                                LocalDate.ofInstant(a.attemptedAt(), ZoneOffset.UTC),
                                a.outcome().value(),
                                a.httpStatus() == null ? 0 : a.httpStatus()),
                        1L,
                        Long::sum);
            }
        }
        if (counts.isEmpty()) {
            return;
        }
        List<Map.Entry<CountKey, Long>> rows = List.copyOf(counts.entrySet());
        jdbc.update(
                COUNT,
                SqlArrays.column(jdbc, "uuid", rows, row -> row.getKey().subscription()),
                SqlArrays.column(
                        jdbc, "date", rows, row -> Date.valueOf(row.getKey().day())),
                SqlArrays.column(jdbc, "text", rows, row -> row.getKey().outcome()),
                SqlArrays.column(jdbc, "int4", rows, row -> row.getKey().httpStatus()),
                SqlArrays.column(jdbc, "int8", rows, Map.Entry::getValue));
    }

    /**
     * Each attempt's effect on its subscription's health, in the order the attempts were made ({@code
     * attempted}, the changes with an attempt, are in that order). A test event's attempt has none.
     */
    private List<Decided> changeHealth(List<Change> attempted) {
        List<Change> onHooks =
                attempted.stream().filter(c -> !c.attempt().delivery().test()).toList();
        if (onHooks.isEmpty()) {
            return List.of();
        }
        List<UUID> subscriptions = onHooks.stream()
                .map(c -> c.attempt().delivery().subscription().value())
                .distinct()
                .sorted()
                .toList();
        Set<UUID> inserted = ensureHealthRows(subscriptions);
        Map<SubscriptionId, HookHealth> health = new HashMap<>();
        jdbc.query(
                LOCK_HEALTH,
                (ResultSet rs) -> {
                    UUID subscription = rs.getObject("subscription_id", UUID.class);
                    health.put(SubscriptionId.of(subscription), readHealth(rs));
                    if (!inserted.contains(subscription)) {
                        knownHealthRows.add(subscription); // committed by an earlier transaction
                    }
                },
                SqlArrays.of(jdbc, "uuid", subscriptions));
        List<Decided> events = new ArrayList<>();
        for (Change c : onHooks) {
            Attempt a = c.attempt();
            HookHealth before = health.get(a.delivery().subscription());
            if (before == null) {
                continue; // the subscription was deleted meanwhile: nobody to tell
            }
            DeliveryTransitions.HookChange change = transitions.afterAttemptOnHook(
                    a.delivery(),
                    before,
                    a.outcome(),
                    a.attemptedAt(),
                    a.httpStatus(),
                    a.httpStatus() != null ? null : a.error(),
                    a.control());
            health.put(a.delivery().subscription(), change.next());
            change.events().forEach(e -> events.add(new Decided(e, c.traceparent())));
        }
        List<Map.Entry<SubscriptionId, HookHealth>> rows = List.copyOf(health.entrySet());
        jdbc.batchUpdate(UPDATE_HEALTH, rows, rows.size(), (statement, row) -> {
            HookHealth h = row.getValue();
            statement.setInt(1, h.consecutiveFailures());
            statement.setTimestamp(2, timestamp(h.firstFailureAt()));
            statement.setTimestamp(3, timestamp(h.failingSince()));
            statement.setTimestamp(4, timestamp(h.lastAttemptAt()));
            statement.setString(
                    5, h.lastOutcome() == null ? null : h.lastOutcome().value());
            statement.setTimestamp(6, timestamp(h.lastSuccessAt()));
            statement.setObject(7, h.lastHttpStatus());
            statement.setString(8, h.lastError());
            statement.setObject(9, row.getKey().value());
        });
        return events;
    }

    /**
     * Makes the health rows of {@code subscriptions} that this process has not seen yet (the others
     * exist: rows are never deleted), in key order; answers those it inserted, which are not known to
     * be committed until this transaction is.
     */
    private Set<UUID> ensureHealthRows(List<UUID> subscriptions) {
        List<UUID> unseen =
                subscriptions.stream().filter(s -> !knownHealthRows.contains(s)).toList();
        if (unseen.isEmpty()) {
            return Set.of();
        }
        if (knownHealthRows.size() + unseen.size() > MAX_KNOWN_HEALTH_ROWS) {
            knownHealthRows.clear();
        }
        return new HashSet<>(jdbc.queryForList(ENSURE_HEALTH, UUID.class, SqlArrays.of(jdbc, "uuid", unseen)));
    }

    /**
     * A 410 marks its hook gone here, and days of failures mark it disabled, in the dispatcher's own row
     * and at {@code at}, the instant its event states as {@code occurred_at}: conditionally, so that of
     * two replicas storing one at once only the first announces it, and each is announced once.
     */
    private List<Decided> announcedOnce(List<Decided> events, Instant at) {
        Timestamp when = Timestamp.from(at);
        Set<UUID> gone = changedOnce(
                events, OperationalEvent.HookUnsubscribed.class, ids -> jdbc.queryForList(GONE, UUID.class, when, ids));
        Set<UUID> disabled = new HashSet<>();
        Map<String, List<Decided>> disablingsByReason = events.stream()
                .filter(d -> d.event() instanceof OperationalEvent.HookDisabled)
                .collect(Collectors.groupingBy(d -> ((OperationalEvent.HookDisabled) d.event()).reason()));
        disablingsByReason.forEach((reason, disablings) -> disabled.addAll(changedOnce(
                disablings,
                OperationalEvent.HookDisabled.class,
                ids -> jdbc.queryForList(DISABLE, UUID.class, when, reason, ids))));
        return events.stream()
                .filter(d -> !(d.event() instanceof OperationalEvent.HookUnsubscribed e)
                        || gone.remove(e.subscription().value()))
                .filter(d -> !(d.event() instanceof OperationalEvent.HookDisabled e)
                        || disabled.remove(e.subscription().value()))
                .toList();
    }

    /** The subscriptions of {@code type}'s events that {@code change} changed (it returns their ids). */
    private Set<UUID> changedOnce(
            List<Decided> events, Class<? extends OperationalEvent> type, Function<Array, List<UUID>> change) {
        List<UUID> ids = events.stream()
                .map(Decided::event)
                .filter(type::isInstance)
                .map(e -> e.subscription().value())
                .distinct()
                .sorted()
                .toList();
        return ids.isEmpty() ? new HashSet<>() : new HashSet<>(change.apply(SqlArrays.of(jdbc, "uuid", ids)));
    }

    private static HookHealth readHealth(ResultSet rs) throws SQLException {
        String outcome = rs.getString("last_outcome");
        return new HookHealth(
                rs.getInt("consecutive_failures"),
                instant(rs, "first_failure_at"),
                instant(rs, "failing_since"),
                instant(rs, "last_attempt_at"),
                outcome == null ? null : DeliveryOutcome.of(outcome),
                instant(rs, "last_success_at"),
                rs.getObject("last_http_status", Integer.class),
                rs.getString("last_error"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp timestamp = rs.getTimestamp(column);
        return timestamp == null ? null : timestamp.toInstant();
    }

    private static Timestamp timestamp(Instant instant) {
        return instant == null ? null : Timestamp.from(instant);
    }

    @Override
    protected Batches<?, ?> batches() {
        return writer;
    }
}
