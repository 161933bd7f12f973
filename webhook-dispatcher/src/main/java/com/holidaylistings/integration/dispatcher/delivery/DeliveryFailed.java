package com.holidaylistings.integration.dispatcher.delivery;

import java.time.Instant;

/**
 * A delivery attempt that did not succeed, at {@code failedAt}: the record goes on to the next
 * retry topic, or to the dead letters after the last. {@code notBefore} is set when the receiver
 * asked to wait longer (429 or 503 with Retry-After) than the schedule would.
 */
class DeliveryFailed extends RuntimeException {

    private final transient Instant failedAt;
    private final transient Instant notBefore;

    DeliveryFailed(String reason, Instant failedAt, Instant notBefore) {
        super(reason, null, false, false);
        this.failedAt = failedAt;
        this.notBefore = notBefore;
    }

    Instant failedAt() {
        return failedAt;
    }

    Instant notBefore() {
        return notBefore;
    }
}
