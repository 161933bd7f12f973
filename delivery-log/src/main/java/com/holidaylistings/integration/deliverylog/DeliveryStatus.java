package com.holidaylistings.integration.deliverylog;

import java.util.Locale;

/**
 * Where a delivery (one event to one subscription) stands, as its row stores it
 * ({@code deliveries.status}, whose check constraint lists exactly these values).
 */
public enum DeliveryStatus {
    /** Its next attempt's record is on a delivery or retry topic, or it is being attempted. */
    PENDING,
    /** It waits on its row until its next attempt is due, then goes back on {@code webhook.deliveries}. */
    WAITING,
    SUCCEEDED,
    /** The last retry failed. */
    ABANDONED,
    /** The receiver answered 410 Gone. */
    GONE,
    /** The subscription was paused or removed when the attempt was due. */
    SKIPPED;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static DeliveryStatus of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    /**
     * Queued or being retried: asking for it again starts nothing new (one chain of attempts at a time).
     * Any other delivery asked for again waits on its row to start a new chain.
     */
    public boolean inProgress() {
        return this == PENDING || this == WAITING;
    }
}
