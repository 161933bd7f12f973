package com.holidaylistings.integration.dispatcher.delivery;

import java.time.Duration;

/**
 * What one POST to a receiver came to: a status (null if none arrived), the first 4 KiB of the
 * response body and whether it had more, the error when there was no answer, the time it took, and
 * Retry-After if given.
 */
record HttpOutcome(Integer status, String body, boolean bodyTruncated, String error, Duration duration,
        Duration retryAfter) {

    boolean succeeded() {
        return status != null && status >= 200 && status < 300;
    }

    boolean gone() {
        return status != null && status == 410;
    }

    /** Why a delivery failed, as the attempt log says it. */
    String failureReason() {
        return error != null ? error : "HTTP " + status;
    }

    /** No request was made: the guard or the URL refused it. */
    static HttpOutcome notSent(String reason) {
        return new HttpOutcome(null, null, false, reason, Duration.ZERO, null);
    }

    static HttpOutcome noAnswer(String error, Duration took) {
        return new HttpOutcome(null, null, false, error, took, null);
    }
}
