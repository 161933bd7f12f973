package com.holidaylistings.integration.dispatcher.transition;

import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.dispatcher.operational.OperationalEvent;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What an attempt's answer makes of its delivery, and of its hook's health, with the operational
 * events that follow, as values: no Spring, no database, no Kafka. For the delivery (a {@link
 * Delivery}, whose methods are its transitions): delivered, failed and due again on the schedule or
 * on its row, abandoned, gone; for the hook: failing after {@code WEBHOOK_FAILING_AFTER} failures in
 * a row, recovered at the next success, unsubscribed by a 410, disabled after {@code
 * WEBHOOK_DISABLE_AFTER} of failures only. A test event sent from the portal is attempted once and
 * changes nothing of its hook.
 */
public final class DeliveryTransitions {

    /** What an attempt made of its delivery: the row to store, the attempt's outcome, where the record goes. */
    public record AfterAttempt(
            Delivery next,
            DeliveryOutcome outcome,
            Instant nextAttemptAt,
            RetrySchedule.AfterFailure movesOn,
            List<OperationalEvent> events) {

        /** A record carries the delivery on, to a retry topic or the dead letters. */
        public boolean recordMovesOn() {
            return movesOn != null;
        }
    }

    /** What an attempt made of its subscription's health. */
    public record HookChange(HookHealth next, List<OperationalEvent> events) {}

    private final RetrySchedule schedule;
    private final int failingAfter;
    private final Duration disableAfter;

    /**
     * With {@code disableAfter} zero no subscription is ever disabled.
     */
    public DeliveryTransitions(RetrySchedule schedule, int failingAfter, Duration disableAfter) {
        this.schedule = schedule;
        this.failingAfter = failingAfter;
        this.disableAfter = disableAfter;
    }

    /** Never disables a subscription. */
    public DeliveryTransitions(RetrySchedule schedule, int failingAfter) {
        this(schedule, failingAfter, Duration.ZERO);
    }

    /**
     * The attempt numbered {@code delivery.attempts() + 1}, at the delivery's stage, ended at
     * {@code finishedAt} with {@code answer}. A failure before the last stage is due again after the
     * stage's delay (its record moves to the next retry topic), or waits on its row when the receiver
     * asked for longer (Retry-After): no record and no capacity is held while it waits. The last
     * stage's failure is abandoned (its record goes to the dead letters), and so is a failure whose
     * receiver asked not to retry it ({@code webhook-delivery: abort-message}: no dead letter, since
     * the receiver said why). A test event's failure,
     * whatever the answer (a 410 too), ends it: it is not retried, and it is nobody's dead letter.
     */
    public AfterAttempt afterAttempt(Delivery delivery, HttpOutcome answer, Instant finishedAt) {
        int attempt = delivery.attempts() + 1;
        if (answer.succeeded()) {
            return ended(delivery, DeliveryStatus.SUCCEEDED, DeliveryOutcome.SUCCEEDED);
        }
        if (delivery.test()) {
            return ended(delivery, DeliveryStatus.ABANDONED, DeliveryOutcome.FAILED);
        }
        if (answer.gone()) {
            return ended(delivery, DeliveryStatus.GONE, DeliveryOutcome.GONE);
        }
        if (answer.control() == DeliveryControl.ABORT_MESSAGE) { // the receiver knows a retry is pointless
            return new AfterAttempt(
                    delivery.attempted(DeliveryStatus.ABANDONED, delivery.stage()),
                    DeliveryOutcome.ABANDONED,
                    null,
                    null,
                    List.of(new OperationalEvent.DeliveryAbandoned(
                            delivery.subscription(), delivery.enquiry(), attempt)));
        }
        RetrySchedule.AfterFailure next =
                schedule.afterFailure(delivery.stage(), finishedAt, answer.status(), answer.retryAfter());
        if (next.abandoned()) {
            return new AfterAttempt(
                    delivery.attempted(DeliveryStatus.ABANDONED, delivery.stage()),
                    DeliveryOutcome.ABANDONED,
                    null,
                    next,
                    List.of(new OperationalEvent.DeliveryAbandoned(
                            delivery.subscription(), delivery.enquiry(), attempt)));
        }
        if (next.notBefore() != null) {
            return new AfterAttempt(
                    delivery.attempted(DeliveryStatus.WAITING, next.nextStage()),
                    DeliveryOutcome.FAILED,
                    next.notBefore(),
                    null,
                    List.of());
        }
        return new AfterAttempt(
                delivery.attempted(DeliveryStatus.PENDING, next.nextStage()),
                DeliveryOutcome.FAILED,
                next.dueAt(),
                next,
                List.of());
    }

    /** The attempt ended the delivery. */
    private AfterAttempt ended(Delivery delivery, DeliveryStatus status, DeliveryOutcome outcome) {
        return new AfterAttempt(delivery.attempted(status, delivery.stage()), outcome, null, null, List.of());
    }

    /**
     * The subscription's health after one of its attempts ({@code outcome} at {@code at}; its answer's
     * status and error for a failure). The first success after {@code WEBHOOK_FAILING_AFTER} failures
     * in a row recovers it; the failure that makes it that many marks it failing; a 410 ends it
     * ({@code hook.unsubscribed}; the attempt log marks it gone, once).
     * A failure at least {@code WEBHOOK_DISABLE_AFTER} after the first of an unbroken run of failures,
     * with at least {@code WEBHOOK_FAILING_AFTER} of them, disables it ({@code hook.disabled}; the
     * attempt log marks it disabled, once).
     */
    public HookChange afterAttemptOnHook(
            Delivery delivery,
            HookHealth before,
            DeliveryOutcome outcome,
            Instant at,
            Integer httpStatus,
            String error) {
        return afterAttemptOnHook(delivery, before, outcome, at, httpStatus, error, DeliveryControl.NONE);
    }

    /**
     * As above; a receiver that answered {@code webhook-delivery: disable} (whatever the status)
     * disables its hook now, as days of failure would ({@code hook.disabled}, saying the receiver asked).
     */
    public HookChange afterAttemptOnHook(
            Delivery delivery,
            HookHealth before,
            DeliveryOutcome outcome,
            Instant at,
            Integer httpStatus,
            String error,
            DeliveryControl control) {
        HookChange change = onHook(delivery, before, outcome, at, httpStatus, error);
        if (control != DeliveryControl.DISABLE
                || outcome == DeliveryOutcome.GONE
                || change.events().stream().anyMatch(OperationalEvent.HookDisabled.class::isInstance)) {
            return change;
        }
        List<OperationalEvent> events = new ArrayList<>(change.events());
        HookHealth next = change.next();
        events.add(new OperationalEvent.HookDisabled(
                delivery.subscription(),
                next.firstFailureAt() != null ? next.firstFailureAt() : at,
                httpStatus,
                error,
                true));
        return new HookChange(next, events);
    }

    private HookChange onHook(
            Delivery delivery,
            HookHealth before,
            DeliveryOutcome outcome,
            Instant at,
            Integer httpStatus,
            String error) {
        List<OperationalEvent> events = new ArrayList<>(1);
        HookHealth next;
        if (outcome == DeliveryOutcome.SUCCEEDED) {
            if (before.failingSince() != null) {
                events.add(new OperationalEvent.HookRecovered(delivery.subscription()));
            }
            next = new HookHealth(0, null, null, at, outcome, at, httpStatus, null);
        } else if (outcome == DeliveryOutcome.GONE) {
            events.add(new OperationalEvent.HookUnsubscribed(delivery.subscription()));
            next = new HookHealth(
                    before.consecutiveFailures(),
                    before.firstFailureAt(),
                    before.failingSince(),
                    at,
                    outcome,
                    before.lastSuccessAt(),
                    httpStatus,
                    null);
        } else {
            int failures = before.consecutiveFailures() + 1;
            Instant firstFailureAt = before.firstFailureAt() != null ? before.firstFailureAt() : at;
            Instant failingSince = before.failingSince();
            if (failingSince == null && failures >= failingAfter) {
                failingSince = at;
                events.add(new OperationalEvent.HookFailing(delivery.subscription(), at, httpStatus, error, failures));
            }
            if (disables(failures, firstFailureAt, at)) {
                events.add(new OperationalEvent.HookDisabled(
                        delivery.subscription(), firstFailureAt, httpStatus, error, false));
            }
            next = new HookHealth(
                    failures, firstFailureAt, failingSince, at, outcome, before.lastSuccessAt(), httpStatus, error);
        }
        return new HookChange(next, events);
    }

    private boolean disables(int failures, Instant firstFailureAt, Instant at) {
        return disableAfter.isPositive() && failures >= failingAfter && !at.isBefore(firstFailureAt.plus(disableAfter));
    }
}
