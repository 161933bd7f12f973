package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.subscription.SubscriptionStatus;
import com.holidaylistings.integration.events.delivery.DisplayStatus;

/** A hook as a row of the page: its status with the reason a person needs. */
record HookRow(SubscriptionStatus hook, String status, String reason) {

    static HookRow of(SubscriptionStatus hook) {
        return new HookRow(hook, hook.displayStatus().name(), reason(hook));
    }

    private static String reason(SubscriptionStatus hook) {
        if (hook.displayStatus() == DisplayStatus.Inactive) {
            return hook.paused() ? "Paused: it receives nothing until resumed" : "Unsubscribed: removed, or its receiver answered 410 Gone";
        }
        if (hook.displayStatus() == DisplayStatus.Failed) {
            int failures = hook.consecutiveFailures();
            return "The latest delivery failed (" + failures + (failures == 1 ? " failed attempt" : " failed attempts")
                    + " since the last success); see its deliveries";
        }
        return hook.lastAttemptAt() == null ? "No deliveries yet" : "Delivering";
    }
}
