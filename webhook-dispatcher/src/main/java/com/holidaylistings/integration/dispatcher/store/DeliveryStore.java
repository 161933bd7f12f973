package com.holidaylistings.integration.dispatcher.store;

import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.dispatcher.SqlArrays;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.dispatcher.transition.Delivery;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.sql.Array;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one class that writes the delivery tables: a delivery's row ({@code deliveries}) and its
 * event's payload ({@code webhook_events}), which a guest's erasure anonymises ({@link #erased}).
 * Each statement is one transition of {@link Delivery}, set-based where it serves many rows at once
 * (a fan-out batch, a lane's parked deliveries, the row poller's batch, an attempt log batch, a
 * replay), and every change of an existing row makes its
 * version one higher and applies only to a row still where the transition starts from: a stale
 * writer (a copy of a record, a second replica) changes nothing. The transactions are the callers'
 * where a batch writes more than these tables (the attempt log), this class's own otherwise.
 */
@Repository
public class DeliveryStore {

    private static final List<String> IN_PROGRESS = Arrays.stream(DeliveryStatus.values())
            .filter(DeliveryStatus::inProgress)
            .map(DeliveryStatus::value)
            .toList();

    // --- created: a fan-out's new deliveries (Delivery.created) ---------------------------------------------------

    private static final String NEW_EVENT = """
            insert into webhook_events (event_id, submitted_at, enquiry_id, payload) values (?, ?, ?, cast(? as json))
            on conflict do nothing
            """;
    // The rows it wrote are returned: the others were there already.
    private static final String NEW_DELIVERIES = """
            insert into deliveries (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id, status,
                                    next_attempt_at, request_id, traceparent)
            select k.webhook_id, k.submitted_at, k.event_id, k.subscription_id, k.owner_id, k.enquiry_id, k.status, now(),
                   k.request_id, k.traceparent
              from unnest(?::text[], ?::timestamptz[], ?::uuid[], ?::uuid[], ?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[])
                   as k(webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id, status, request_id, traceparent)
            on conflict do nothing
            returning webhook_id
            """;
    // A delivery of a fan-out tried again that is now to wait on its row, found as the first try left it
    // (pending at version 0, its record maybe never sent), is parked.
    private static final String FAN_OUT_PARKED = """
            update deliveries d set status = 'waiting', version = d.version + 1,
                                    next_attempt_at = coalesce(d.next_attempt_at, now()), updated_at = now()
              from unnest(?::text[], ?::timestamptz[]) as k(webhook_id, submitted_at)
             where d.webhook_id = k.webhook_id and d.submitted_at = k.submitted_at and d.status = 'pending' and d.version = 0
            """;

    // --- parked: its owner's lane was full (Delivery.parked) -------------------------------------------------------

    private static final String PARK = """
            update deliveries d set status = 'waiting', version = d.version + 1, next_attempt_at = now(), updated_at = now()
              from unnest(?::text[], ?::timestamptz[], ?::int[]) as k(webhook_id, submitted_at, version)
             where d.webhook_id = k.webhook_id and d.submitted_at = k.submitted_at
               and d.status = 'pending' and d.version = k.version
            returning d.webhook_id
            """;

    // --- due: taken from its row by the row poller (Delivery.due) --------------------------------------------------

    // Owner by owner: a skip over the owners with waiting rows (one probe of deliveries_waiting_idx
    // each), then each owner's oldest due rows, so that one owner's hundred thousand waiting rows cost
    // one probe, not a read of them all, and are not taken ahead of another owner's. Pending rows long
    // overdue lost their record: they are taken too, and a late copy of it finds them moved on.
    private static final String TAKE_DUE = """
            with recursive owners(owner_id) as (
                (select owner_id from deliveries where status = 'waiting' order by owner_id limit 1)
                union all
                select (select d.owner_id from deliveries d
                         where d.status = 'waiting' and d.owner_id > o.owner_id order by d.owner_id limit 1)
                  from owners o where o.owner_id is not null
            ), candidates as (
                select w.webhook_id, w.submitted_at, w.next_attempt_at
                  from owners o
                 cross join lateral (select webhook_id, submitted_at, next_attempt_at from deliveries
                                      where status = 'waiting' and owner_id = o.owner_id and next_attempt_at <= now()
                                      order by next_attempt_at limit :perOwner) w
                 where o.owner_id is not null and o.owner_id <> all(:busy)
                union all
                (select webhook_id, submitted_at, next_attempt_at from deliveries
                  where status = 'pending' and next_attempt_at <= now() - make_interval(secs => :overdue)
                  order by next_attempt_at limit :batch)
            ), due as (
                select webhook_id, submitted_at from candidates order by next_attempt_at limit :batch
            )
            update deliveries d set status = 'pending', version = d.version + 1, next_attempt_at = now(), updated_at = now()
              from due
             where d.webhook_id = due.webhook_id and d.submitted_at = due.submitted_at
               and (d.status = 'waiting'
                    or d.status = 'pending' and d.next_attempt_at <= now() - make_interval(secs => :overdue))
            returning d.webhook_id, d.submitted_at, d.subscription_id, d.owner_id, d.version, d.traceparent
            """;
    // TAKE_DUE is planned for its parameters, in its transaction: the dispatcher's connections keep
    // generic plans (application.yml), and this statement's generic plan joins the rows it takes with
    // every waiting row by a hash instead of looking each up by key.
    private static final String PLANNED_FOR_ITS_PARAMETERS = "set local plan_cache_mode = force_custom_plan";

    // --- attempted, skipped, throttled, waiting on its row: what the attempt log stores ----------------------------

    // One statement for the batch's rows: one each cost the database twice as much (a statement's start
    // on a partitioned table: its plan, the locks of every partition and index, and pruning them).
    private static final String AFTER_ATTEMPTS = """
            update deliveries d
               set status = k.status, attempts = k.attempts, stage = k.stage, version = k.version_before + 1,
                   next_attempt_at = k.next_attempt_at, throttled_until = k.throttled_until, updated_at = now()
              from unnest(?::text[], ?::timestamptz[], ?::int[], ?::text[], ?::int[], ?::int[], ?::timestamptz[], ?::timestamptz[])
                   as k(webhook_id, submitted_at, version_before, status, attempts, stage, next_attempt_at, throttled_until)
             where d.webhook_id = k.webhook_id and d.submitted_at = k.submitted_at and d.version = k.version_before
            returning d.webhook_id
            """;

    // --- asked for again, recovered, tested, replayed: the owners' and operators' commands ------------------------

    private static final String EVENT = """
            insert into webhook_events (event_id, submitted_at, enquiry_id, payload)
            values (:event, :submittedAt, :enquiry, cast(:payload as json))
            on conflict do nothing
            """;
    private static final String REQUESTED = """
            insert into deliveries as d (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id,
                                         status, next_attempt_at, requested_at, request_id, traceparent, test)
            values (webhook_id(:event, :subscription), :submittedAt, :event, :subscription, :owner, :enquiry,
                    'waiting', now(), :requestedAt, :request, :traceparent, :test)
            """;
    // Delivery.askedForAgain: one in progress keeps its chain (and its version) and only notes the request.
    private static final String ASKED_FOR_AGAIN = REQUESTED + """
            on conflict (webhook_id, submitted_at) do update
               set requested_at    = excluded.requested_at,
                   request_id      = excluded.request_id,
                   status          = case when d.status in (:inProgress) then d.status else excluded.status end,
                   next_attempt_at = case when d.status in (:inProgress) then d.next_attempt_at else now() end,
                   stage           = case when d.status in (:inProgress) then d.stage else 1 end,
                   version         = case when d.status in (:inProgress) then d.version else d.version + 1 end,
                   updated_at      = case when d.status in (:inProgress) then d.updated_at else now() end
            """;
    // Delivery.recovered: only one that ended unreceived, or none at all: one delivered or queued meanwhile is left
    // alone.
    private static final String RECOVERED = REQUESTED + """
            on conflict (webhook_id, submitted_at) do update
               set status = excluded.status, next_attempt_at = now(), stage = 1, version = d.version + 1,
                   requested_at = excluded.requested_at, request_id = excluded.request_id, updated_at = now()
             where d.status in ('abandoned', 'skipped') and not d.test
            """;
    // Delivery.tested: a new delivery, never one that was.
    private static final String TESTED = REQUESTED + "on conflict do nothing";

    // --- erased: a guest's erasure (enquiry.erased) --------------------------------------------------------------

    private static final String ERASED_ENQUIRIES = """
            insert into erased_enquiries (enquiry_id, erased_at) select e, now() from unnest(?::uuid[]) as e
            on conflict do nothing
            """;
    private static final String ERASED_AMONG =
            "select enquiry_id from erased_enquiries where enquiry_id = any(?::uuid[])";
    // Orders a payload's storing and an erasure of its enquiry, so that one always sees the other: whoever stores
    // payloads holds this lock shared, from before it looks for erased enquiries until it commits; an erasure takes
    // it alone, after its erased_enquiries rows are committed, so it waits for the payloads stored meanwhile.
    private static final long PAYLOADS_LOCK = 0x77656268_6f6f6b65L; // "webhooke"
    private static final String PAYLOADS_SHARED = "select pg_advisory_xact_lock_shared(?)";
    private static final String PAYLOADS_ALONE = "select pg_advisory_xact_lock(?)";
    private static final String PAYLOADS_OF = """
            select event_id, submitted_at, enquiry_id, payload::text as payload from webhook_events where enquiry_id = any(?::uuid[])
            """;
    private static final String ERASED_PAYLOAD =
            "update webhook_events set payload = cast(? as json) where submitted_at = ? and event_id = ?";
    // The receivers' answers to those enquiries' attempts: found through their deliveries (by the event's time, the
    // key of both) and each hook's attempts since then (delivery_attempts_subscription_recent_idx).
    private static final String ERASED_ANSWERS = """
            update delivery_attempts a set response_body = null, response_truncated = false
              from deliveries d
             where d.submitted_at = any(?::timestamptz[]) and d.enquiry_id = any(?::uuid[]) and not d.test
               and a.subscription_id = d.subscription_id and a.attempted_at >= d.submitted_at
               and a.enquiry_id = d.enquiry_id and a.response_body is not null
            """;

    /** Which of the owners' requests a delivery is asked for by. */
    public enum Request {
        /** Redeliver: {@link Delivery#askedForAgain}. */
        REDELIVER(ASKED_FOR_AGAIN),
        /** Recover: {@link Delivery#recovered}. */
        RECOVER(RECOVERED),
        /** A test event: {@link Delivery#tested}. */
        TEST_EVENT(TESTED);

        private final String statement;

        Request(String statement) {
            this.statement = statement;
        }
    }

    /** An event's payload to keep: its id, its submission (the key of its rows), its enquiry, the exact JSON. */
    public record NewEvent(UUID eventId, Instant submittedAt, UUID enquiryId, String payload) {}

    /**
     * A new delivery of a fan-out: its first record's task, its event and enquiry, the intake request's
     * id, the fan-out's trace context, and whether it waits on its row (no record) rather than pending.
     */
    public record NewDelivery(
            DeliveryTask task,
            UUID eventId,
            UUID enquiryId,
            String requestId,
            String traceparent,
            boolean waitsOnRow) {}

    /** A delivery taken from its row, due now: its record's task and the trace its row keeps. */
    public record Due(DeliveryTask task, String traceparent) {}

    /**
     * A delivery's row as a transition left it ({@code after}), from the version read ({@code before}):
     * when it is next due ({@code nextAttemptAt}) and the start its throttle gave it ({@code throttledUntil}).
     */
    public record RowChange(Delivery before, Delivery after, Instant nextAttemptAt, Instant throttledUntil) {}

    /** A dead-letter replay's filters (null: any) and when it was asked for. */
    public record Replay(OwnerId owner, SubscriptionId hook, Instant since, Instant requestedAt, String requestId) {}

    /** What a guest's erasure changed: payloads anonymised now, attempts whose answers it dropped. */
    public record Erasure(int payloads, int answers) {}

    private final JdbcTemplate jdbc;
    private final JdbcClient client;
    private final TransactionTemplate transaction;
    private final JsonMapper json;

    DeliveryStore(JdbcTemplate jdbc, JdbcClient client, TransactionTemplate transaction, JsonMapper json) {
        this.jdbc = jdbc;
        this.client = client;
        this.transaction = transaction;
        this.json = json;
    }

    /**
     * Stores a fan-out batch in one transaction: each event's payload once and a row per delivery
     * ({@link Delivery#created}). An event fanned out again (the batch retried, or published twice)
     * adds nothing: both inserts skip existing rows. One change is made to an existing row: a delivery
     * that is to wait on its row, found as the first try left it (pending at version 0), is parked:
     * that first try's record may never have reached Kafka, and pending it would wait for the row
     * poller's overdue net rather than for its owner's lane.
     */
    public void created(List<NewEvent> fannedOut, List<NewDelivery> deliveries) {
        transaction.executeWithoutResult(status -> {
            List<NewEvent> events = erasedWhereErased(fannedOut);
            jdbc.batchUpdate(NEW_EVENT, events, events.size(), (statement, event) -> {
                statement.setObject(1, event.eventId());
                statement.setTimestamp(2, Timestamp.from(event.submittedAt()));
                statement.setObject(3, event.enquiryId());
                statement.setString(4, event.payload());
            });
            Set<String> written = new HashSet<>(jdbc.queryForList(
                    NEW_DELIVERIES,
                    String.class,
                    SqlArrays.column(jdbc, "text", deliveries, d -> d.task().webhookId()),
                    SqlArrays.column(
                            jdbc,
                            "timestamptz",
                            deliveries,
                            d -> Timestamp.from(d.task().submittedAt())),
                    SqlArrays.column(jdbc, "uuid", deliveries, NewDelivery::eventId),
                    SqlArrays.column(
                            jdbc,
                            "uuid",
                            deliveries,
                            d -> d.task().subscriptionId().value()),
                    SqlArrays.column(
                            jdbc, "uuid", deliveries, d -> d.task().ownerId().value()),
                    SqlArrays.column(jdbc, "uuid", deliveries, NewDelivery::enquiryId),
                    SqlArrays.column(
                            jdbc,
                            "text",
                            deliveries,
                            d -> (d.waitsOnRow() ? DeliveryStatus.WAITING : DeliveryStatus.PENDING).value()),
                    SqlArrays.column(jdbc, "text", deliveries, NewDelivery::requestId),
                    SqlArrays.column(jdbc, "text", deliveries, NewDelivery::traceparent)));
            List<NewDelivery> toPark = deliveries.stream()
                    .filter(d -> d.waitsOnRow() && !written.contains(d.task().webhookId()))
                    .toList();
            if (!toPark.isEmpty()) {
                jdbc.update(
                        FAN_OUT_PARKED,
                        SqlArrays.column(jdbc, "text", toPark, d -> d.task().webhookId()),
                        SqlArrays.column(
                                jdbc,
                                "timestamptz",
                                toPark,
                                d -> Timestamp.from(d.task().submittedAt())));
            }
        });
    }

    /**
     * Parks those of {@code tasks}' deliveries still pending at their record's version ({@link
     * Delivery#parked}); returns the webhook ids of those parked. The others had moved on (a copy of
     * an attempt made, or parked or asked for again meanwhile): nothing to do.
     */
    public Set<String> parked(List<DeliveryTask> tasks) {
        return new HashSet<>(jdbc.queryForList(
                PARK,
                String.class,
                SqlArrays.column(jdbc, "text", tasks, DeliveryTask::webhookId),
                SqlArrays.column(jdbc, "timestamptz", tasks, task -> Timestamp.from(task.submittedAt())),
                SqlArrays.column(jdbc, "int4", tasks, DeliveryTask::version)));
    }

    /**
     * Takes up to {@code batch} deliveries due on their rows ({@link Delivery#due}): waiting ones
     * that fell due, at most {@code perOwner} of an owner and none of the {@code busy} owners, and
     * pending ones more than {@code overdue} past due. One statement makes them pending and commits,
     * so that their attempts find them so; two replicas polling at once take different rows (the
     * update re-checks each row's status once it holds its lock).
     */
    public List<Due> due(Collection<OwnerId> busy, int perOwner, int batch, Duration overdue) {
        return transaction.execute(status -> {
            client.sql(PLANNED_FOR_ITS_PARAMETERS).update();
            return client.sql(TAKE_DUE)
                    .param("overdue", overdue.toNanos() / 1e9)
                    .param("busy", busy.stream().map(OwnerId::value).toArray(UUID[]::new))
                    .param("perOwner", perOwner)
                    .param("batch", batch)
                    .query((rs, n) -> new Due(
                            new DeliveryTask(
                                    rs.getString("webhook_id"),
                                    rs.getTimestamp("submitted_at").toInstant(),
                                    SubscriptionId.of(rs.getObject("subscription_id", UUID.class)),
                                    OwnerId.of(rs.getObject("owner_id", UUID.class)),
                                    rs.getInt("version")),
                            rs.getString("traceparent")))
                    .list();
        });
    }

    /**
     * Stores each row as its change left it, if it is still at the version it was read at; locked in
     * key order, as the attempt log's other rows are, so that two replicas' batches cannot deadlock.
     * In the caller's transaction. Returns the webhook ids of the rows changed.
     */
    public Set<String> changed(List<RowChange> changes) {
        List<RowChange> inKeyOrder = changes.stream()
                .sorted((a, b) -> {
                    int bySubmission =
                            a.after().submittedAt().compareTo(b.after().submittedAt());
                    return bySubmission != 0
                            ? bySubmission
                            : a.after().webhookId().compareTo(b.after().webhookId());
                })
                .toList();
        return new HashSet<>(jdbc.queryForList(
                AFTER_ATTEMPTS,
                String.class,
                SqlArrays.column(jdbc, "text", inKeyOrder, c -> c.after().webhookId()),
                SqlArrays.column(
                        jdbc,
                        "timestamptz",
                        inKeyOrder,
                        c -> Timestamp.from(c.after().submittedAt())),
                SqlArrays.column(jdbc, "int4", inKeyOrder, c -> c.before().version()),
                SqlArrays.column(
                        jdbc, "text", inKeyOrder, c -> c.after().status().value()),
                SqlArrays.column(jdbc, "int4", inKeyOrder, c -> c.after().attempts()),
                SqlArrays.column(jdbc, "int4", inKeyOrder, c -> c.after().stage()),
                SqlArrays.column(jdbc, "timestamptz", inKeyOrder, c -> timestamp(c.nextAttemptAt())),
                SqlArrays.column(jdbc, "timestamptz", inKeyOrder, c -> timestamp(c.throttledUntil()))));
    }

    /** Keeps an event's payload (once) for a delivery asked for by a command. In the caller's transaction. */
    public void keep(NewEvent asked) {
        NewEvent event = erasedWhereErased(List.of(asked)).getFirst();
        client.sql(EVENT)
                .param("event", event.eventId())
                .param("submittedAt", utc(event.submittedAt()))
                .param("enquiry", event.enquiryId())
                .param("payload", event.payload())
                .update();
    }

    /**
     * The delivery of {@code eventId} to {@code hook} asked for by {@code request}, made anew (waiting,
     * due now) or changed as that request's transition says. In the caller's transaction. Returns how
     * many rows it made or changed (0 or 1).
     */
    public int requested(
            Request request,
            OwnerId owner,
            SubscriptionId hook,
            UUID eventId,
            EnquiryId enquiry,
            Instant submittedAt,
            Instant requestedAt,
            String requestId,
            String traceparent) {
        return client.sql(request.statement)
                .param("event", eventId)
                .param("subscription", hook.value())
                .param("submittedAt", utc(submittedAt))
                .param("owner", owner.value())
                .param("enquiry", enquiry.value())
                .param("requestedAt", utc(requestedAt))
                .param("request", requestId)
                .param("traceparent", traceparent)
                .param("test", request == Request.TEST_EVENT)
                .param("inProgress", IN_PROGRESS)
                .update();
    }

    /**
     * The abandoned deliveries (never test events) that the replay's filters match and that were
     * abandoned at or before it was asked for, {@link Delivery#replayed}: a replay applied late never
     * takes what was abandoned after its answer. Only the filters given become conditions, so that the
     * statement is a range of the partial index of abandoned rows in the partitions {@code since}
     * leaves. In the caller's transaction. Returns how many.
     */
    public int replayed(Replay replay) {
        StringBuilder where = new StringBuilder("status = 'abandoned' and not test and updated_at <= :requestedAt");
        Map<String, Object> params = new HashMap<>();
        params.put("requestedAt", utc(replay.requestedAt()));
        params.put("request", replay.requestId());
        if (replay.owner() != null) {
            where.append(" and owner_id = :owner");
            params.put("owner", replay.owner().value());
        }
        if (replay.hook() != null) {
            where.append(" and subscription_id = :hook");
            params.put("hook", replay.hook().value());
        }
        if (replay.since() != null) {
            where.append(" and submitted_at >= :since");
            params.put("since", utc(replay.since()));
        }
        return client.sql("""
                        update deliveries
                           set status = 'waiting', stage = 1, version = version + 1, next_attempt_at = now(),
                               requested_at = :requestedAt, request_id = :request, updated_at = now()
                         where %s
                        """.formatted(where)).params(params).update();
    }

    /**
     * The hook's deliveries waiting for a start its throttle reserved before {@code changedAt}: due
     * now, they reserve again at their attempt, at the new rate (or start at once without one). They
     * stay waiting (no record is written for a waiting row, so their version stays). Reserved starts
     * after the change are left alone, so a command read again late releases nothing it should not.
     * In the caller's transaction. Returns how many.
     */
    public int throttleReleased(SubscriptionId hook, Instant changedAt) {
        return client.sql("""
                        update deliveries set throttled_until = null, next_attempt_at = now(), updated_at = now()
                         where subscription_id = :hook and status = 'waiting' and throttled_until is not null
                           and updated_at <= :changedAt
                        """)
                .param("hook", hook.value())
                .param("changedAt", utc(changedAt))
                .update();
    }

    /**
     * Erases the guests of {@code enquiries} from the delivery tables: remembers the enquiries as erased (a
     * transaction of its own), then, once the payloads being stored meanwhile are committed, each event's stored
     * payload is anonymised ({@link EnquiryCreated#erased()}: a delivery asked for again sends a valid event
     * without the guest's data) and the receivers' answers to their attempts are dropped; a payload of theirs
     * that arrives later is stored anonymised. Erasing again changes nothing.
     */
    public Erasure erased(List<UUID> enquiries) {
        transaction.executeWithoutResult(
                status -> jdbc.update(ERASED_ENQUIRIES, SqlArrays.of(jdbc, "uuid", enquiries)));
        return transaction.execute(status -> {
            jdbc.queryForList(PAYLOADS_ALONE, PAYLOADS_LOCK);
            Array ids = SqlArrays.of(jdbc, "uuid", enquiries);
            List<NewEvent> stored = jdbc.query(
                    PAYLOADS_OF,
                    (rs, n) -> new NewEvent(
                            rs.getObject("event_id", UUID.class),
                            rs.getTimestamp("submitted_at").toInstant(),
                            rs.getObject("enquiry_id", UUID.class),
                            rs.getString("payload")),
                    ids);
            int payloads = 0;
            for (NewEvent event : stored) {
                String erased = erasedPayload(event.payload());
                if (!erased.equals(event.payload())) {
                    payloads +=
                            jdbc.update(ERASED_PAYLOAD, erased, Timestamp.from(event.submittedAt()), event.eventId());
                }
            }
            int answers = stored.isEmpty()
                    ? 0
                    : jdbc.update(
                            ERASED_ANSWERS,
                            SqlArrays.column(jdbc, "timestamptz", stored, e -> Timestamp.from(e.submittedAt())),
                            ids);
            return new Erasure(payloads, answers);
        });
    }

    /**
     * The events, those of erased enquiries anonymised: a payload that arrived after its guest's erasure. Takes
     * {@link #PAYLOADS_LOCK} shared, in the caller's transaction, which stores them.
     */
    private List<NewEvent> erasedWhereErased(List<NewEvent> events) {
        if (events.isEmpty()) {
            return events;
        }
        jdbc.queryForList(PAYLOADS_SHARED, PAYLOADS_LOCK);
        Set<UUID> erased = new HashSet<>(jdbc.queryForList(
                ERASED_AMONG, UUID.class, SqlArrays.column(jdbc, "uuid", events, NewEvent::enquiryId)));
        if (erased.isEmpty()) {
            return events;
        }
        return events.stream()
                .map(e -> erased.contains(e.enquiryId())
                        ? new NewEvent(e.eventId(), e.submittedAt(), e.enquiryId(), erasedPayload(e.payload()))
                        : e)
                .toList();
    }

    private String erasedPayload(String payload) {
        return json.writeValueAsString(
                json.readValue(payload, EnquiryCreated.class).erased());
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }

    private static Timestamp timestamp(Instant instant) {
        return instant == null ? null : Timestamp.from(instant);
    }
}
