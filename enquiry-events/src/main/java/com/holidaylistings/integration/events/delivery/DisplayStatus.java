package com.holidaylistings.integration.events.delivery;

/**
 * A subscription's status as the owner portal shows it: Inactive when paused or unsubscribed
 * (removed, or answered 410), Failed when its latest attempt failed (it is being retried or was
 * abandoned), Active otherwise.
 */
public enum DisplayStatus {
    Active, Failed, Inactive;

    /** {@code latestOutcome} is null before the first attempt. */
    public static DisplayStatus of(boolean paused, boolean unsubscribed, DeliveryOutcome latestOutcome) {
        if (paused || unsubscribed) {
            return Inactive;
        }
        return latestOutcome != null && latestOutcome.isFailure() ? Failed : Active;
    }
}
