package com.holidaylistings.integration.dispatcher.delivery;

import java.time.Instant;
import java.util.UUID;

/** One row of the attempt log. */
record Attempt(
        UUID subscriptionId,
        UUID enquiryId,
        int number,
        Outcome outcome,
        Integer httpStatus,
        String error,
        long durationMs,
        String responseBody,
        Instant attemptedAt,
        Instant nextAttemptAt) {

    /** How an attempt ended, as stored. */
    enum Outcome {
        SUCCEEDED, FAILED, ABANDONED, GONE;

        String value() {
            return name().toLowerCase();
        }
    }
}
