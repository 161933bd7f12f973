package com.holidaylistings.integration.dispatcher.command;

import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.dispatcher.intake.DueDeliveriesPoller;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Carries out the owners' requests that change deliveries, each {@link DeliveryCommand} in one
 * transaction with its id in {@link AppliedCommands} (a command read twice queues nothing twice): the
 * deliveries asked for wait on their rows, due now, at stage 1 of the retry schedule, their attempts
 * counting on, and the row poller is woken at once to hand them to their owners' lanes, so that a test
 * event reaches its receiver within a second of the request's answer. A delivery already queued or
 * being retried ({@link DeliveryStatus#inProgress()}) keeps its one chain of attempts and is only
 * marked as asked for. An event the command carries (one never fanned out to the hook, or a test
 * event) has its payload stored once in {@code webhook_events}. New rows continue the request's trace.
 * A throttle's change releases the hook's deliveries waiting for the starts the old rate reserved.
 */
@Component
class RequestedDeliveries {

    private static final Logger log = LoggerFactory.getLogger(RequestedDeliveries.class);
    private static final List<String> IN_PROGRESS = Arrays.stream(DeliveryStatus.values())
            .filter(DeliveryStatus::inProgress).map(DeliveryStatus::value).toList();
    /** What a recover asks for again besides deliveries that never existed: those that ended unreceived. */
    private static final List<String> MISSED = List.of(DeliveryStatus.ABANDONED.value(), DeliveryStatus.SKIPPED.value());

    private static final String EVENT = """
            insert into webhook_events (event_id, submitted_at, enquiry_id, payload)
            values (:event, :submittedAt, :enquiry, cast(:payload as json))
            on conflict do nothing
            """;
    private static final String NEW_DELIVERY = """
            insert into deliveries as d (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id,
                                         status, next_attempt_at, requested_at, request_id, traceparent, test)
            values (webhook_id(:event, :subscription), :submittedAt, :event, :subscription, :owner, :enquiry,
                    'waiting', now(), :requestedAt, :request, :traceparent, :test)
            """;
    // A delivery in progress keeps its chain and only notes the request.
    private static final String REDELIVER = NEW_DELIVERY + """
            on conflict (webhook_id, submitted_at) do update
               set requested_at    = excluded.requested_at,
                   request_id      = excluded.request_id,
                   status          = case when d.status in (:inProgress) then d.status else excluded.status end,
                   next_attempt_at = case when d.status in (:inProgress) then d.next_attempt_at else now() end,
                   stage           = case when d.status in (:inProgress) then d.stage else 1 end,
                   updated_at      = case when d.status in (:inProgress) then d.updated_at else now() end
            """;
    // Only a delivery that ended unreceived, or none at all: one delivered or queued meanwhile is left alone.
    private static final String RECOVER = NEW_DELIVERY + """
            on conflict (webhook_id, submitted_at) do update
               set status = excluded.status, next_attempt_at = now(), stage = 1, requested_at = excluded.requested_at,
                   request_id = excluded.request_id, updated_at = now()
             where d.status in (:missed) and not d.test
            """;
    private static final String TEST_EVENT = NEW_DELIVERY + "on conflict do nothing";

    private final JdbcClient jdbc;
    private final TransactionTemplate transaction;
    private final AppliedCommands applied;
    private final DueDeliveriesPoller poller;
    private final JsonMapper json;

    RequestedDeliveries(JdbcClient jdbc, TransactionTemplate transaction, AppliedCommands applied,
            DueDeliveriesPoller poller, JsonMapper json) {
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.applied = applied;
        this.poller = poller;
        this.json = json;
    }

    /** Applies the command unless it was applied before; returns how many deliveries it queued or marked. */
    int apply(DeliveryCommand command, String traceparent) {
        Integer changed = transaction.execute(status -> {
            if (!applied.firstTime(command.commandId())) {
                log.info("Command {} ({}) was applied before: nothing to do", command.commandId(), command.type());
                return 0;
            }
            return switch (command) {
                case DeliveryCommand.TestEvent test -> deliver(TEST_EVENT, test.owner(), test.hook(), test.eventId(),
                        EnquiryId.of(test.event().enquiryId()), test.event().sentAt(), test.event(), test, traceparent);
                case DeliveryCommand.Redeliver asked -> deliver(REDELIVER, asked.owner(), asked.hook(), asked.eventId(),
                        asked.enquiry(), asked.submittedAt(), asked.event(), asked, traceparent);
                case DeliveryCommand.Recover missed -> deliver(RECOVER, missed.owner(), missed.hook(), missed.eventId(),
                        missed.enquiry(), missed.submittedAt(), missed.event(), missed, traceparent);
                case DeliveryCommand.ReplayDeadLetters replay -> replay(replay);
                case DeliveryCommand.ThrottleChanged throttle -> releaseThrottled(throttle);
            };
        });
        if (changed != null && changed > 0) {
            poller.wake();
        }
        return changed == null ? 0 : changed;
    }

    private int deliver(String statement, OwnerId owner, SubscriptionId hook, UUID eventId, EnquiryId enquiry,
            Instant submittedAt, EnquiryCreated event, DeliveryCommand command, String traceparent) {
        if (event != null) {
            jdbc.sql(EVENT)
                    .param("event", eventId)
                    .param("submittedAt", utc(submittedAt))
                    .param("enquiry", enquiry.value())
                    .param("payload", json.writeValueAsString(event))
                    .update();
        }
        return jdbc.sql(statement)
                .param("event", eventId)
                .param("subscription", hook.value())
                .param("submittedAt", utc(submittedAt))
                .param("owner", owner.value())
                .param("enquiry", enquiry.value())
                .param("requestedAt", utc(command.requestedAt()))
                .param("request", command.requestId())
                .param("traceparent", traceparent)
                .param("test", command instanceof DeliveryCommand.TestEvent)
                .param("inProgress", IN_PROGRESS)
                .param("missed", MISSED)
                .update();
    }

    /**
     * The abandoned deliveries (never test events) that the replay's filters match and that were
     * abandoned at or before it was asked for: a replay applied late never takes what was abandoned
     * after its answer. Only the filters given become conditions, so that the statement is a range of
     * the partial index of abandoned rows in the partitions {@code since} leaves.
     */
    private int replay(DeliveryCommand.ReplayDeadLetters replay) {
        StringBuilder where = new StringBuilder("status = :abandoned and not test and updated_at <= :requestedAt");
        Map<String, Object> params = new HashMap<>();
        params.put("abandoned", DeliveryStatus.ABANDONED.value());
        params.put("waiting", DeliveryStatus.WAITING.value());
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
        int replayed = jdbc.sql("""
                        update deliveries
                           set status = :waiting, stage = 1, next_attempt_at = now(), requested_at = :requestedAt,
                               request_id = :request, updated_at = now()
                         where %s
                        """.formatted(where))
                .params(params)
                .update();
        log.info("Dead-letter replay {} (owner {}, hook {}, since {}): {} abandoned deliveries asked for again",
                replay.commandId(), replay.owner() == null ? "any" : replay.owner(),
                replay.hook() == null ? "any" : replay.hook(), replay.since() == null ? "any time" : replay.since(),
                replayed);
        return replayed;
    }

    /**
     * The hook's deliveries waiting for a start its throttle reserved before the change: due now, they
     * reserve again at their attempt, at the new rate (or start at once without one). Reserved starts
     * after the change are left alone, so a command read again late releases nothing it should not.
     */
    private int releaseThrottled(DeliveryCommand.ThrottleChanged throttle) {
        return jdbc.sql("""
                        update deliveries set throttled_until = null, next_attempt_at = now(), updated_at = now()
                         where subscription_id = :hook and status = :waiting and throttled_until is not null
                           and updated_at <= :requestedAt
                        """)
                .param("hook", throttle.hook().value())
                .param("waiting", DeliveryStatus.WAITING.value())
                .param("requestedAt", utc(throttle.requestedAt()))
                .update();
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }
}
