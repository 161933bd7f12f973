package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.deliverylog.DeliveryOutcome;

/**
 * A hook's status as the owner portal shows it: Inactive when paused or unsubscribed
 * (removed, or answered 410: the dispatcher announced {@code hook.unsubscribed}), Failed when it is
 * failing (the dispatcher announced {@code hook.failing} and no {@code hook.recovered} yet) or its
 * latest attempt failed (it is being retried or was abandoned), Active otherwise. A failing hook
 * that its owner paused is Inactive: nothing is sent to it until it is resumed.
 */
public enum DisplayStatus {
    Active,
    Failed,
    Inactive;

    /**
     * {@code failing}: {@code subscription_health.failing_since} is set; {@code latestOutcome} is
     * null before the first attempt (or once the attempt log's retention removed them all).
     */
    public static DisplayStatus of(
            boolean paused, boolean unsubscribed, boolean failing, DeliveryOutcome latestOutcome) {
        if (paused || unsubscribed) {
            return Inactive;
        }
        return failing || latestOutcome != null && latestOutcome.isFailure() ? Failed : Active;
    }
}
