package com.holidaylistings.integration.deliverylog;

import java.util.Locale;

/**
 * How one delivery attempt ended, as the attempt log stores it ({@code delivery_attempts.outcome},
 * whose check constraint lists exactly these values).
 */
public enum DeliveryOutcome {
    /** The receiver answered 2xx within the timeout. */
    SUCCEEDED,
    /** Anything else; the delivery is retried on the schedule. */
    FAILED,
    /** The last retry failed; the delivery went to the dead letters. */
    ABANDONED,
    /** The receiver answered 410 Gone; the subscription ended. */
    GONE;

    /** The stored value: the name in lower case, whatever the default locale (a Turkish one would dot the i). */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Failed or abandoned: the receiver did not take the event. */
    public boolean isFailure() {
        return this == FAILED || this == ABANDONED;
    }

    public static DeliveryOutcome of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
