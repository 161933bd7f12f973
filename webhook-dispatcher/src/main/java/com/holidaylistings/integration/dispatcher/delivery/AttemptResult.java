package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import com.holidaylistings.integration.events.delivery.DeliveryOutcome;

/**
 * What became of one delivery record: skipped (refused, or unreadable), an attempt that ended with
 * {@code outcome}, or not attempted because our own infrastructure failed. After a failure
 * {@code next} says where the record goes and {@code reason} why, for the record's failure header.
 */
record AttemptResult(DeliveryOutcome outcome, RetrySchedule.AfterFailure next, String reason) {

    static final AttemptResult SKIPPED = new AttemptResult(null, null, null);

    static AttemptResult of(DeliveryOutcome outcome) {
        return new AttemptResult(outcome, null, null);
    }

    static AttemptResult failed(RetrySchedule.AfterFailure next, String reason) {
        return new AttemptResult(next.outcome(), next, reason);
    }

    /** The record moves on to a retry topic or the dead letters. */
    boolean movesOn() {
        return next != null;
    }
}
