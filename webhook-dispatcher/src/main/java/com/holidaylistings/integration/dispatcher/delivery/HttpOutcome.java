package com.holidaylistings.integration.dispatcher.delivery;

import java.time.Duration;

/**
 * What one POST to a receiver came to: a status (null if none arrived), at most 1 KiB of the
 * response body, the error when there was no answer, the time it took, and Retry-After if given.
 */
record HttpOutcome(Integer status, String body, String error, Duration duration, Duration retryAfter) {

    boolean succeeded() {
        return status != null && status >= 200 && status < 300;
    }

    boolean gone() {
        return status != null && status == 410;
    }

    /** Why a delivery failed, as the retry record's failure header says it. */
    String failureReason() {
        return error != null ? error : "HTTP " + status;
    }

    /** No request was made: the guard or the URL refused it. */
    static HttpOutcome notSent(String reason) {
        return new HttpOutcome(null, null, reason, Duration.ZERO, null);
    }
}
