package com.holidaylistings.integration.api.support;

import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * The rows webhook-dispatcher writes, written as it writes them (the dispatcher is not part of
 * these tests), and read back: a delivery's row with its event's payload, the attempt log, and the
 * subscription's health that the attempt log keeps.
 */
public final class DeliveryRows {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final JdbcClient jdbc;

    public DeliveryRows(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A delivery's row. */
    public record Delivery(
            UUID enquiryId,
            String webhookId,
            UUID eventId,
            DeliveryStatus status,
            int attempts,
            int stage,
            Instant nextAttemptAt,
            Instant requestedAt,
            String requestId,
            Instant updatedAt) {}

    /**
     * The enquiry's event fanned out to the hook (its payload kept from the outbox, as the fan-out
     * keeps it), then brought to {@code status} by {@code attempts} attempts, its next at
     * {@code stage}; a delivery in progress is due now.
     */
    public void delivery(UUID hook, UUID enquiry, DeliveryStatus status, int attempts, int stage) {
        jdbc.sql("""
                        insert into webhook_events (event_id, submitted_at, enquiry_id, payload)
                        select o.id, e.sent_at, e.id, o.payload from enquiries e join outbox o on o.aggregate_id = e.id
                         where e.id = :enquiry
                        on conflict do nothing
                        """).param("enquiry", enquiry).update();
        int inserted = jdbc.sql("""
                        insert into deliveries (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id,
                                                status, attempts, stage, next_attempt_at)
                        select webhook_id(o.id, :hook), e.sent_at, o.id, :hook, e.owner_id, e.id, :status, :attempts, :stage,
                               case when :due then now() end
                          from enquiries e join outbox o on o.aggregate_id = e.id
                         where e.id = :enquiry
                        """)
                .param("hook", hook)
                .param("enquiry", enquiry)
                .param("status", status.value())
                .param("attempts", attempts)
                .param("stage", stage)
                .param("due", status.inProgress())
                .update();
        if (inserted != 1) {
            throw new IllegalStateException("enquiry " + enquiry + " has no event in the outbox");
        }
    }

    /** The delivery waits on its row for the start its hook's throttle gave it, {@code startAt}, as the dispatcher leaves it. */
    public void throttledUntil(UUID hook, UUID enquiry, Instant startAt) {
        jdbc.sql("""
                        update deliveries set status = 'waiting', next_attempt_at = :start, throttled_until = :start
                         where subscription_id = :hook and enquiry_id = :enquiry
                        """)
                .param("start", java.sql.Timestamp.from(startAt))
                .param("hook", hook)
                .param("enquiry", enquiry)
                .update();
    }

    /** When the throttle gave the delivery its start (null: it waits for none) and when it is next due. */
    public record ThrottledWait(Instant throttledUntil, Instant nextAttemptAt) {}

    public ThrottledWait throttledWait(UUID hook, UUID enquiry) {
        return jdbc.sql(
                        "select throttled_until, next_attempt_at from deliveries where subscription_id = :hook and enquiry_id = :enquiry")
                .param("hook", hook)
                .param("enquiry", enquiry)
                .query((rs, n) -> new ThrottledWait(
                        Timestamps.read(rs, "throttled_until"), Timestamps.read(rs, "next_attempt_at")))
                .single();
    }

    /** The hook's deliveries, the oldest event first. */
    public List<Delivery> deliveries(UUID hook) {
        return jdbc.sql("""
                        select enquiry_id, webhook_id, event_id, status, attempts, stage, next_attempt_at, requested_at,
                               request_id, updated_at
                          from deliveries where subscription_id = :hook order by submitted_at, enquiry_id
                        """)
                .param("hook", hook)
                .query((rs, n) -> new Delivery(
                        rs.getObject("enquiry_id", UUID.class),
                        rs.getString("webhook_id"),
                        rs.getObject("event_id", UUID.class),
                        DeliveryStatus.of(rs.getString("status")),
                        rs.getInt("attempts"),
                        rs.getInt("stage"),
                        Timestamps.read(rs, "next_attempt_at"),
                        Timestamps.read(rs, "requested_at"),
                        rs.getString("request_id"),
                        Timestamps.read(rs, "updated_at")))
                .list();
    }

    /** The hook's test deliveries (test events from the portal), each its webhook-id, status and request. */
    public record TestDeliveryRow(
            String webhookId,
            UUID enquiryId,
            DeliveryStatus status,
            Instant nextAttemptAt,
            String requestId,
            String payload) {}

    public List<TestDeliveryRow> testDeliveries(UUID hook) {
        return jdbc.sql("""
                        select d.webhook_id, d.enquiry_id, d.status, d.next_attempt_at, d.request_id, e.payload::text as payload
                          from deliveries d join webhook_events e on e.event_id = d.event_id and e.submitted_at = d.submitted_at
                         where d.subscription_id = :hook and d.test order by d.submitted_at
                        """)
                .param("hook", hook)
                .query((rs, n) -> new TestDeliveryRow(
                        rs.getString("webhook_id"),
                        rs.getObject("enquiry_id", UUID.class),
                        DeliveryStatus.of(rs.getString("status")),
                        Timestamps.read(rs, "next_attempt_at"),
                        rs.getString("request_id"),
                        rs.getString("payload")))
                .list();
    }

    /** What webhook-dispatcher makes of a test event's command: the event's payload and its delivery, marked test. */
    public void testDeliveryMade(DeliveryCommand.TestEvent command) {
        jdbc.sql("""
                        insert into webhook_events (event_id, submitted_at, enquiry_id, payload)
                        values (:event, :submittedAt, :enquiry, cast(:payload as json))
                        """)
                .param("event", command.eventId())
                .param("submittedAt", command.event().sentAt().atOffset(ZoneOffset.UTC))
                .param("enquiry", command.event().enquiryId())
                .param("payload", JSON.writeValueAsString(command.event()))
                .update();
        jdbc.sql("""
                        insert into deliveries (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id,
                                                status, next_attempt_at, requested_at, request_id, test)
                        values (webhook_id(:event, :hook), :submittedAt, :event, :hook, :owner, :enquiry, 'waiting', now(),
                                now(), :request, true)
                        """)
                .param("event", command.eventId())
                .param("hook", command.hook().value())
                .param("owner", command.owner().value())
                .param("submittedAt", command.event().sentAt().atOffset(ZoneOffset.UTC))
                .param("enquiry", command.event().enquiryId())
                .param("request", command.requestId())
                .update();
    }

    /** What the row poller does with the hook's waiting deliveries that fell due: back on the topic, pending. */
    public void takenByTheDispatcher(UUID hook) {
        jdbc.sql("""
                        update deliveries set status = 'pending', next_attempt_at = now(), updated_at = now()
                         where subscription_id = :hook and status = 'waiting' and next_attempt_at <= now()
                        """).param("hook", hook).update();
    }

    /**
     * The enquiry's delivery to the hook brought to {@code status} by the dispatcher (a command it
     * applied, an attempt), due now while in progress, its other columns as they were.
     */
    public void status(UUID hook, UUID enquiry, DeliveryStatus status) {
        int changed = jdbc.sql("""
                        update deliveries set status = :status, updated_at = now(),
                               next_attempt_at = case when :due then now() end
                         where subscription_id = :hook and enquiry_id = :enquiry
                        """)
                .param("status", status.value())
                .param("due", status.inProgress())
                .param("hook", hook)
                .param("enquiry", enquiry)
                .update();
        if (changed != 1) {
            throw new IllegalStateException("no delivery of " + enquiry + " to " + hook);
        }
    }

    /** The attempt of the enquiry's pending delivery to the hook ended it ({@code status}: succeeded, abandoned, gone). */
    public void attemptEnded(UUID hook, UUID enquiry, DeliveryStatus status) {
        int ended = jdbc.sql("""
                        update deliveries set status = :status, attempts = attempts + 1, next_attempt_at = null, updated_at = now()
                         where subscription_id = :hook and enquiry_id = :enquiry and status = 'pending'
                        """)
                .param("status", status.value())
                .param("hook", hook)
                .param("enquiry", enquiry)
                .update();
        if (ended != 1) {
            throw new IllegalStateException("no pending delivery of " + enquiry + " to " + hook);
        }
    }

    /** An attempt with the HTTP status its outcome usually has, no error and no duration. */
    public void attempt(UUID hook, UUID enquiry, int attempt, String outcome, Instant at) {
        int status = outcome.equals("succeeded") ? 200 : outcome.equals("gone") ? 410 : 500;
        attempt(hook, enquiry, attempt, outcome, status, null, at, null);
    }

    /**
     * An attempt as the attempt log writes it: its row, and the subscription's health after it (failures
     * in a row, counted again from 0 by a success; the latest attempt and success). Whether the hook is
     * failing is left as it is: {@link #failing}.
     */
    public void attempt(
            UUID hook,
            UUID enquiry,
            int attempt,
            String outcome,
            Integer httpStatus,
            String error,
            Instant at,
            Integer durationMs) {
        DeliveryOutcome result = DeliveryOutcome.of(outcome);
        OffsetDateTime time = at.atOffset(ZoneOffset.UTC);
        jdbc.sql("""
                        insert into delivery_attempts (webhook_id, subscription_id, enquiry_id, attempt, outcome, http_status,
                                                       error, duration_ms, attempted_at)
                        values (webhook_id(coalesce((select id from outbox where aggregate_id = :enquiry), :enquiry), :hook),
                                :hook, :enquiry, :attempt, :outcome, :httpStatus, :error, :duration, :at)
                        """)
                .param("hook", hook)
                .param("enquiry", enquiry)
                .param("attempt", attempt)
                .param("outcome", result.value())
                .param("httpStatus", httpStatus)
                .param("error", error)
                .param("duration", durationMs)
                .param("at", time)
                .update();
        jdbc.sql("""
                        insert into subscription_health as h (subscription_id, consecutive_failures, last_attempt_at,
                                                              last_outcome, last_success_at, last_http_status, last_error)
                        values (:hook, :failures, :at, :outcome, :success, :httpStatus, :error)
                        on conflict (subscription_id) do update
                           set consecutive_failures = case when excluded.last_success_at is not null then 0
                                                           else h.consecutive_failures + excluded.consecutive_failures end,
                               failing_since = case when excluded.last_success_at is null then h.failing_since end,
                               last_attempt_at = excluded.last_attempt_at, last_outcome = excluded.last_outcome,
                               last_success_at = coalesce(excluded.last_success_at, h.last_success_at),
                               last_http_status = excluded.last_http_status, last_error = excluded.last_error
                        """)
                .param("hook", hook)
                .param("failures", result.isFailure() ? 1 : 0)
                .param("at", time)
                .param("outcome", result.value())
                .param("success", result == DeliveryOutcome.SUCCEEDED ? time : null)
                .param("httpStatus", httpStatus)
                .param("error", error)
                .update();
    }

    /**
     * What was sent and answered in one attempt, as the attempt log keeps it: the request's headers
     * and the response's (JSON objects, null when none), the response's first 4 KiB.
     */
    public record Exchange(String requestHeaders, String responseHeaders, String responseBody, boolean truncated) {

        /** The headers the dispatcher sends, for the delivery with this webhook-id. */
        public static String requestHeaders(String webhookId) {
            return """
                    {"content-type": "application/json", "user-agent": "HolidayListings-Webhooks/1.0",
                     "webhook-id": "%s", "webhook-timestamp": "1795000000",
                     "webhook-signature": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4="}
                    """.formatted(webhookId);
        }
    }

    /**
     * An attempt of the enquiry's delivery to the hook (its row made with {@link #delivery}) as the
     * attempt log writes it with what was sent and answered, the health after it as {@link #attempt}
     * keeps it; its id.
     */
    public long exchange(
            UUID hook,
            UUID enquiry,
            int attempt,
            String outcome,
            Integer httpStatus,
            String error,
            Instant at,
            Exchange exchange) {
        attempt(hook, enquiry, attempt, outcome, httpStatus, error, at, 25);
        return jdbc.sql("""
                        update delivery_attempts a
                           set submitted_at = d.submitted_at, request_headers = cast(:requestHeaders as jsonb),
                               response_headers = cast(:responseHeaders as jsonb), response_body = :body,
                               response_truncated = :truncated
                          from deliveries d
                         where d.subscription_id = :hook and d.enquiry_id = :enquiry and a.webhook_id = d.webhook_id
                           and a.subscription_id = :hook and a.attempt = :attempt and a.attempted_at = :at
                        returning a.id
                        """)
                .param("hook", hook)
                .param("enquiry", enquiry)
                .param("attempt", attempt)
                .param("at", at.atOffset(ZoneOffset.UTC))
                .param("requestHeaders", exchange.requestHeaders())
                .param("responseHeaders", exchange.responseHeaders())
                .param("body", exchange.responseBody())
                .param("truncated", exchange.truncated())
                .query(Long.class)
                .single();
    }

    /** What the dispatcher logs for a test event's delivery: its attempt, marked test, and the delivery ended. */
    public long testAttempt(UUID hook, String webhookId, int httpStatus, Instant at) {
        long id = jdbc.sql("""
                        insert into delivery_attempts (webhook_id, subscription_id, enquiry_id, attempt, outcome, http_status,
                                                       attempted_at, submitted_at, test, request_headers)
                        select d.webhook_id, d.subscription_id, d.enquiry_id, 1, case when :status between 200 and 299
                               then 'succeeded' else 'abandoned' end, :status, :at, d.submitted_at, true,
                               cast(:headers as jsonb)
                          from deliveries d where d.subscription_id = :hook and d.webhook_id = :webhookId
                        returning id
                        """)
                .param("hook", hook)
                .param("webhookId", webhookId)
                .param("status", httpStatus)
                .param("at", at.atOffset(ZoneOffset.UTC))
                .param("headers", Exchange.requestHeaders(webhookId))
                .query(Long.class)
                .single();
        jdbc.sql("""
                        update deliveries set status = case when :status between 200 and 299 then 'succeeded' else 'abandoned' end,
                               attempts = 1, next_attempt_at = null
                         where subscription_id = :hook and webhook_id = :webhookId
                        """)
                .param("hook", hook)
                .param("webhookId", webhookId)
                .param("status", httpStatus)
                .update();
        return id;
    }

    /** The attempts the attempt log counted for the hook on a day (UTC), by outcome and HTTP status (0: no answer). */
    public void counted(UUID hook, LocalDate day, String outcome, int httpStatus, long attempts) {
        jdbc.sql("""
                        insert into attempt_counts (subscription_id, day, outcome, http_status, attempts)
                        values (:hook, :day, :outcome, :status, :attempts)
                        on conflict (subscription_id, day, outcome, http_status)
                        do update set attempts = attempt_counts.attempts + excluded.attempts
                        """)
                .param("hook", hook)
                .param("day", day)
                .param("outcome", outcome)
                .param("status", httpStatus)
                .param("attempts", attempts)
                .update();
    }

    /**
     * The dispatcher turned the hook off after days of failure (its health saying since when it failed
     * and how, and disabled at {@code at}), and api-service applied its {@code hook.disabled}: paused,
     * disabled at {@code at}.
     */
    public void disabled(UUID hook, Instant firstFailureAt, Instant at, Integer lastHttpStatus, String lastError) {
        failedSince(hook, firstFailureAt, at, lastHttpStatus, lastError);
        jdbc.sql("update subscription_health set disabled_at = :at where subscription_id = :hook")
                .param("at", at.atOffset(ZoneOffset.UTC))
                .param("hook", hook)
                .update();
        jdbc.sql("update webhook_subscriptions set paused = true, disabled_at = :at where id = :hook")
                .param("at", at.atOffset(ZoneOffset.UTC))
                .param("hook", hook)
                .update();
    }

    /** The hook's health as the dispatcher leaves it after failing from {@code firstFailureAt} to {@code lastAt}. */
    public void failedSince(
            UUID hook, Instant firstFailureAt, Instant lastAt, Integer lastHttpStatus, String lastError) {
        jdbc.sql("""
                        insert into subscription_health as h (subscription_id, consecutive_failures, failing_since, first_failure_at,
                                                              last_attempt_at, last_outcome, last_http_status, last_error)
                        values (:hook, 12, :first, :first, :at, 'abandoned', :status, :error)
                        on conflict (subscription_id) do update
                           set consecutive_failures = h.consecutive_failures + 12, failing_since = excluded.failing_since,
                               first_failure_at = excluded.first_failure_at, last_attempt_at = excluded.last_attempt_at,
                               last_outcome = excluded.last_outcome, last_http_status = excluded.last_http_status,
                               last_error = excluded.last_error
                        """)
                .param("hook", hook)
                .param("first", firstFailureAt.atOffset(ZoneOffset.UTC))
                .param("at", lastAt.atOffset(ZoneOffset.UTC))
                .param("status", lastHttpStatus)
                .param("error", lastError)
                .update();
    }

    /** The dispatcher announced the hook failing (hook.failing), or, with false, recovered (hook.recovered). */
    public void failing(UUID hook, boolean failing) {
        jdbc.sql("""
                        insert into subscription_health (subscription_id, failing_since) values (:hook, case when :failing then now() end)
                        on conflict (subscription_id) do update set failing_since = excluded.failing_since
                        """).param("failing", failing).param("hook", hook).update();
    }

    /** The id of the enquiry's outbox row: its event id. */
    public UUID eventId(UUID enquiry) {
        return jdbc.sql("select id from outbox where aggregate_id = :enquiry")
                .param("enquiry", enquiry)
                .query(UUID.class)
                .single();
    }

    /** When the enquiry was submitted: its event's {@code submitted_at}. */
    public Instant sentAt(UUID enquiry) {
        return jdbc.sql("select sent_at from enquiries where id = :enquiry")
                .param("enquiry", enquiry)
                .query(OffsetDateTime.class)
                .single()
                .toInstant();
    }

    /** The enquiry's event as the outbox has it. */
    public String outboxPayload(UUID enquiry) {
        return jdbc.sql("select payload::text from outbox where aggregate_id = :enquiry")
                .param("enquiry", enquiry)
                .query(String.class)
                .single();
    }

    /** The event's payload as the dispatcher sends it, kept once per event. */
    public String eventPayload(UUID eventId) {
        return jdbc.sql("select payload::text from webhook_events where event_id = :event")
                .param("event", eventId)
                .query(String.class)
                .single();
    }

    /** What api-service's outbox purge does after OUTBOX_RETENTION. */
    public void purgeOutbox(UUID enquiry) {
        jdbc.sql("delete from outbox where aggregate_id = :enquiry")
                .param("enquiry", enquiry)
                .update();
    }

    /** What retention does to an event's payload when its step runs without the deliveries' step. */
    public void dropPayload(UUID eventId) {
        jdbc.sql("delete from webhook_events where event_id = :event")
                .param("event", eventId)
                .update();
    }

    /** Moves an enquiry's submission back in time (and its outbox row with it), before any delivery of it. */
    public void submittedAt(UUID enquiry, Instant at) {
        OffsetDateTime time = at.atOffset(ZoneOffset.UTC);
        jdbc.sql("update enquiries set sent_at = :at where id = :enquiry")
                .param("at", time)
                .param("enquiry", enquiry)
                .update();
        jdbc.sql("update outbox set created_at = :at where aggregate_id = :enquiry")
                .param("at", time)
                .param("enquiry", enquiry)
                .update();
    }

    /** Moves a subscription's creation back in time. */
    public void createdAt(UUID hook, Instant at) {
        jdbc.sql("update webhook_subscriptions set created_at = :at where id = :hook")
                .param("at", at.atOffset(ZoneOffset.UTC))
                .param("hook", hook)
                .update();
    }
}
