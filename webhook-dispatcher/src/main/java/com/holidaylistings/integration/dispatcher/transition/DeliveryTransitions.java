package com.holidaylistings.integration.dispatcher.transition;

import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.dispatcher.operational.OperationalEvent;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Every transition of a delivery, and of its subscription's health, in one place, with the
 * operational events that follow, as values: no Spring, no database, no Kafka. Which record is the
 * one a delivery waits for (copies and stale records are not); what an attempt's answer makes of the
 * delivery (delivered, failed and due again on the schedule or on its row, abandoned, gone); and what
 * it makes of the subscription (failing after {@code WEBHOOK_FAILING_AFTER} failures in a row,
 * recovered at the next success, unsubscribed by a 410, disabled after {@code WEBHOOK_DISABLE_AFTER}
 * of failures only). A test event sent from the portal is attempted once and changes nothing of its
 * subscription. Asking for a delivery again is the same rule in SQL ({@code DeliveryStatus.inProgress}):
 * an in-progress delivery starts no second chain.
 */
public final class DeliveryTransitions {

    /** What an attempt made of its delivery: the row to store, the attempt's outcome, where the record goes. */
    public record AfterAttempt(Delivery next, DeliveryOutcome outcome, Instant nextAttemptAt,
            RetrySchedule.AfterFailure movesOn, List<OperationalEvent> events) {

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
     * Whether {@code task}'s record is the one the delivery waits for: it is pending and the record is
     * for its next attempt. A copy of a record whose attempt was made, a record of a delivery since
     * delivered, parked or asked for again, is not; nor one whose row is gone (null).
     */
    public boolean isDue(Delivery delivery, DeliveryTask task) {
        return delivery != null && delivery.status() == DeliveryStatus.PENDING && delivery.attempts() == task.attempt() - 1;
    }

    /**
     * Whether {@code task}'s record came before the row was told of the attempt before it: the row is
     * pending one attempt behind. That happens when a failed attempt's retry record is read before its
     * row is stored (a retry delay shorter than the attempt log's batch), or after a crash between
     * sending a retry record and storing its attempt (the failed attempt's own record is then read
     * again and attempted again). Such a record is tried again shortly rather than passed over.
     */
    public boolean isEarly(Delivery delivery, DeliveryTask task) {
        return delivery != null && delivery.status() == DeliveryStatus.PENDING && delivery.attempts() == task.attempt() - 2;
    }

    /**
     * A retry whose record could not be put on its retry topic (Kafka away) waits on its row instead,
     * due when the record would have been, and the row poller puts it on the deliveries topic then.
     */
    public AfterAttempt waitingOnRow(AfterAttempt failed) {
        Delivery next = failed.next();
        return new AfterAttempt(next.with(DeliveryStatus.WAITING, next.attempts(), next.stage()), failed.outcome(),
                failed.nextAttemptAt(), null, failed.events());
    }

    /** The subscription was paused or removed when the attempt was due: nothing is sent; recover can ask for it again. */
    public Delivery skipped(Delivery delivery) {
        return delivery.with(DeliveryStatus.SKIPPED, delivery.attempts(), delivery.stage());
    }

    /**
     * The attempt numbered {@code delivery.attempts() + 1}, at the delivery's stage, ended at
     * {@code finishedAt} with {@code answer}. A failure before the last stage is due again after the
     * stage's delay (its record moves to the next retry topic), or waits on its row when the receiver
     * asked for longer (Retry-After): no record and no capacity is held while it waits. The last
     * stage's failure is abandoned (its record goes to the dead letters). A test event's failure,
     * whatever the answer (a 410 too), ends it: it is not retried, and it is nobody's dead letter.
     */
    public AfterAttempt afterAttempt(Delivery delivery, HttpOutcome answer, Instant finishedAt) {
        int attempt = delivery.attempts() + 1;
        if (answer.succeeded()) {
            return ended(delivery, attempt, DeliveryStatus.SUCCEEDED, DeliveryOutcome.SUCCEEDED);
        }
        if (delivery.test()) {
            return ended(delivery, attempt, DeliveryStatus.ABANDONED, DeliveryOutcome.FAILED);
        }
        if (answer.gone()) {
            return ended(delivery, attempt, DeliveryStatus.GONE, DeliveryOutcome.GONE);
        }
        RetrySchedule.AfterFailure next = schedule.afterFailure(delivery.stage(), finishedAt, answer.status(), answer.retryAfter());
        if (next.abandoned()) {
            return new AfterAttempt(delivery.with(DeliveryStatus.ABANDONED, attempt, delivery.stage()),
                    DeliveryOutcome.ABANDONED, null, next,
                    List.of(new OperationalEvent.DeliveryAbandoned(delivery.subscription(), delivery.enquiry(), attempt)));
        }
        if (next.notBefore() != null) {
            return new AfterAttempt(delivery.with(DeliveryStatus.WAITING, attempt, next.nextStage()),
                    DeliveryOutcome.FAILED, next.notBefore(), null, List.of());
        }
        return new AfterAttempt(delivery.with(DeliveryStatus.PENDING, attempt, next.nextStage()),
                DeliveryOutcome.FAILED, next.dueAt(), next, List.of());
    }

    /** The attempt ended the delivery. */
    private AfterAttempt ended(Delivery delivery, int attempt, DeliveryStatus status, DeliveryOutcome outcome) {
        return new AfterAttempt(delivery.with(status, attempt, delivery.stage()), outcome, null, null, List.of());
    }

    /**
     * A delivery that the subscription's throttle gave a later start: it waits on its row until
     * {@code startAt}, no attempt used up, and starts then without asking the throttle again.
     */
    public Delivery throttled(Delivery delivery) {
        return delivery.with(DeliveryStatus.WAITING, delivery.attempts(), delivery.stage());
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
    public HookChange afterAttemptOnHook(Delivery delivery, HookHealth before, DeliveryOutcome outcome, Instant at,
            Integer httpStatus, String error) {
        List<OperationalEvent> events = new ArrayList<>(1);
        HookHealth next;
        if (outcome == DeliveryOutcome.SUCCEEDED) {
            if (before.failingSince() != null) {
                events.add(new OperationalEvent.HookRecovered(delivery.subscription()));
            }
            next = new HookHealth(0, null, null, at, outcome, at, httpStatus, null);
        } else if (outcome == DeliveryOutcome.GONE) {
            events.add(new OperationalEvent.HookUnsubscribed(delivery.subscription()));
            next = new HookHealth(before.consecutiveFailures(), before.firstFailureAt(), before.failingSince(), at, outcome,
                    before.lastSuccessAt(), httpStatus, null);
        } else {
            int failures = before.consecutiveFailures() + 1;
            Instant firstFailureAt = before.firstFailureAt() != null ? before.firstFailureAt() : at;
            Instant failingSince = before.failingSince();
            if (failingSince == null && failures >= failingAfter) {
                failingSince = at;
                events.add(new OperationalEvent.HookFailing(delivery.subscription(), at, httpStatus, error, failures));
            }
            if (disables(failures, firstFailureAt, at)) {
                events.add(new OperationalEvent.HookDisabled(delivery.subscription(), firstFailureAt, httpStatus, error));
            }
            next = new HookHealth(failures, firstFailureAt, failingSince, at, outcome, before.lastSuccessAt(), httpStatus, error);
        }
        return new HookChange(next, events);
    }

    private boolean disables(int failures, Instant firstFailureAt, Instant at) {
        return disableAfter.isPositive() && failures >= failingAfter && !at.isBefore(firstFailureAt.plus(disableAfter));
    }
}
