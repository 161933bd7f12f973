package com.holidaylistings.integration.dispatcher.transition;

import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;

/**
 * One delivery: one event to one hook, named by its webhook-id, as its row ({@code deliveries})
 * keeps it: where it stands, how many attempts it has had, the retry schedule's stage of its next
 * one, whether it is a test event sent from the portal, and its version, one higher after every
 * transition. A method per transition says what the delivery becomes; {@link DeliveryTransitions}
 * decides which follows an attempt's answer. {@code DeliveryStore} writes each transition to the row
 * (the set-based ones, a replay of thousands of rows, as one statement that does what the method
 * says), only while the row is still at the version it was read at: of two writers of one delivery,
 * the second finds it moved on and changes nothing.
 *
 * <p>A delivery record carries the version its row had when it was written ({@link #awaits}): a
 * record is written only once its row is stored, so a record never runs ahead of its row, and a
 * copy, or a record of a delivery that moved on since (parked, taken from its row, asked for
 * again, attempted), is recognised by comparing versions.
 */
public record Delivery(
        String webhookId,
        Instant submittedAt,
        SubscriptionId subscription,
        EnquiryId enquiry,
        DeliveryStatus status,
        int attempts,
        int stage,
        boolean test,
        int version) {

    /** The first stage of the retry schedule: a new delivery's, and one asked for again. */
    public static final int FIRST_STAGE = 1;

    /** A delivery of an enquiry (not a test event) at version 0. */
    public Delivery(
            String webhookId,
            Instant submittedAt,
            SubscriptionId subscription,
            EnquiryId enquiry,
            DeliveryStatus status,
            int attempts,
            int stage) {
        this(webhookId, submittedAt, subscription, enquiry, status, attempts, stage, false, 0);
    }

    /**
     * A new delivery, fanned out from an enquiry or sent as a test event: due now, at version 0;
     * {@code pending} with a record on its way, or {@code waiting} on its row for the row poller.
     */
    public static Delivery created(
            String webhookId,
            Instant submittedAt,
            SubscriptionId subscription,
            EnquiryId enquiry,
            boolean waitsOnRow,
            boolean test) {
        return new Delivery(
                webhookId,
                submittedAt,
                subscription,
                enquiry,
                waitsOnRow ? DeliveryStatus.WAITING : DeliveryStatus.PENDING,
                0,
                FIRST_STAGE,
                test,
                0);
    }

    /** A test event sent from the portal: it waits on its row, due now, and is attempted once. */
    public static Delivery tested(
            String webhookId, Instant submittedAt, SubscriptionId subscription, EnquiryId enquiry) {
        return created(webhookId, submittedAt, subscription, enquiry, true, true);
    }

    /** Whether the record written for the row at {@code recordVersion} is the one this delivery waits for. */
    public boolean awaits(int recordVersion) {
        return status == DeliveryStatus.PENDING && version == recordVersion;
    }

    /** Taken from its row by the row poller (it fell due waiting, or its record was lost): pending, a record's worth. */
    public Delivery due() {
        return next(DeliveryStatus.PENDING, attempts, stage);
    }

    /** Its owner's lane was full: it waits on its row, due now, for the row poller. */
    public Delivery parked() {
        return next(DeliveryStatus.WAITING, attempts, stage);
    }

    /** Its throttle gave it a later start: it waits on its row until then, no attempt used up. */
    public Delivery throttled() {
        return next(DeliveryStatus.WAITING, attempts, stage);
    }

    /** Its hook receives nothing now (paused, removed, gone, disabled): nothing is sent; recover may ask for it again. */
    public Delivery skipped() {
        return next(DeliveryStatus.SKIPPED, attempts, stage);
    }

    /** An attempt was made: {@code status} after it, at {@code nextStage} of the schedule. */
    public Delivery attempted(DeliveryStatus status, int nextStage) {
        return next(status, attempts + 1, nextStage);
    }

    /** A failed attempt's retry could not be put on its retry topic: it waits on its row, due when the record would have been. */
    public Delivery waitingOnRow() {
        return next(DeliveryStatus.WAITING, attempts, stage);
    }

    /**
     * An owner asked for it again (redeliver): one in progress keeps its one chain of attempts,
     * unchanged; any other waits on its row, due now, at the schedule's first stage, its attempts
     * counting on.
     */
    public Delivery askedForAgain() {
        return status.inProgress() ? this : again();
    }

    /**
     * An owner's recover asked for what it missed: a delivery that ended unreceived (abandoned or
     * skipped, never a test event) goes again as {@link #askedForAgain}; any other is left as it is.
     */
    public Delivery recovered() {
        return !test && (status == DeliveryStatus.ABANDONED || status == DeliveryStatus.SKIPPED) ? again() : this;
    }

    /** An operator's dead-letter replay: an abandoned delivery (never a test event) goes again. */
    public Delivery replayed() {
        return !test && status == DeliveryStatus.ABANDONED ? again() : this;
    }

    private Delivery again() {
        return next(DeliveryStatus.WAITING, attempts, FIRST_STAGE);
    }

    private Delivery next(DeliveryStatus status, int attempts, int stage) {
        return new Delivery(webhookId, submittedAt, subscription, enquiry, status, attempts, stage, test, version + 1);
    }
}
