package com.holidaylistings.integration.dispatcher.command;

import com.holidaylistings.integration.dispatcher.intake.DueDeliveriesPoller;
import com.holidaylistings.integration.dispatcher.store.DeliveryStore;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Carries out the owners' requests that change deliveries, each {@link DeliveryCommand} in one
 * transaction with its id in {@link AppliedCommands} (a command read twice queues nothing twice),
 * through {@link DeliveryStore}, as the delivery's transition for the request says
 * ({@code Delivery.askedForAgain}, {@code recovered}, {@code tested}, {@code replayed}): the
 * deliveries asked for wait on their rows, due now, at stage 1 of the retry schedule, their attempts
 * counting on, and the row poller is woken at once to hand them to their owners' lanes, so that a test
 * event reaches its receiver within a second of the request's answer. A delivery already queued or
 * being retried keeps its one chain of attempts and is only
 * marked as asked for. An event the command carries (one never fanned out to the hook, or a test
 * event) has its payload stored once in {@code webhook_events}. New rows continue the request's trace.
 * A throttle's change releases the hook's deliveries waiting for the starts the old rate reserved.
 */
@Component
class RequestedDeliveries {

    private static final Logger log = LoggerFactory.getLogger(RequestedDeliveries.class);

    private final DeliveryStore store;
    private final TransactionTemplate transaction;
    private final AppliedCommands applied;
    private final DueDeliveriesPoller poller;
    private final JsonMapper json;

    RequestedDeliveries(
            DeliveryStore store,
            TransactionTemplate transaction,
            AppliedCommands applied,
            DueDeliveriesPoller poller,
            JsonMapper json) {
        this.store = store;
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
                case DeliveryCommand.TestEvent test ->
                    deliver(
                            DeliveryStore.Request.TEST_EVENT,
                            test.owner(),
                            test.hook(),
                            test.eventId(),
                            EnquiryId.of(test.event().enquiryId()),
                            test.event().sentAt(),
                            test.event(),
                            test,
                            traceparent);
                case DeliveryCommand.Redeliver asked ->
                    deliver(
                            DeliveryStore.Request.REDELIVER,
                            asked.owner(),
                            asked.hook(),
                            asked.eventId(),
                            asked.enquiry(),
                            asked.submittedAt(),
                            asked.event(),
                            asked,
                            traceparent);
                case DeliveryCommand.Recover missed ->
                    deliver(
                            DeliveryStore.Request.RECOVER,
                            missed.owner(),
                            missed.hook(),
                            missed.eventId(),
                            missed.enquiry(),
                            missed.submittedAt(),
                            missed.event(),
                            missed,
                            traceparent);
                case DeliveryCommand.ReplayDeadLetters replay -> replay(replay);
                case DeliveryCommand.ThrottleChanged throttle ->
                    store.throttleReleased(throttle.hook(), throttle.requestedAt());
            };
        });
        if (changed != null && changed > 0) {
            poller.wake();
        }
        return changed == null ? 0 : changed;
    }

    private int deliver(
            DeliveryStore.Request request,
            OwnerId owner,
            SubscriptionId hook,
            UUID eventId,
            EnquiryId enquiry,
            Instant submittedAt,
            EnquiryCreated event,
            DeliveryCommand command,
            String traceparent) {
        if (event != null) {
            store.keep(
                    new DeliveryStore.NewEvent(eventId, submittedAt, enquiry.value(), json.writeValueAsString(event)));
        }
        return store.requested(
                request,
                owner,
                hook,
                eventId,
                enquiry,
                submittedAt,
                command.requestedAt(),
                command.requestId(),
                traceparent);
    }

    private int replay(DeliveryCommand.ReplayDeadLetters replay) {
        int replayed = store.replayed(new DeliveryStore.Replay(
                replay.owner(), replay.hook(), replay.since(), replay.requestedAt(), replay.requestId()));
        log.info(
                "Dead-letter replay {} (owner {}, hook {}, since {}): {} abandoned deliveries asked for again",
                replay.commandId(),
                replay.owner() == null ? "any" : replay.owner(),
                replay.hook() == null ? "any" : replay.hook(),
                replay.since() == null ? "any time" : replay.since(),
                replayed);
        return replayed;
    }
}
