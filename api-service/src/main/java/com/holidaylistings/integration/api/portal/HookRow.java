package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.hook.HookStatus;

/**
 * A hook as a row of the page: its status with the reason a person needs, the API's
 * {@code status_reason}; a working hook, which has none, says whether anything was sent yet.
 */
record HookRow(HookStatus hook, String status, String reason) {

    static HookRow of(HookStatus hook) {
        return new HookRow(hook, hook.displayStatus().name(), reason(hook));
    }

    private static String reason(HookStatus hook) {
        if (hook.statusReason() != null) {
            return hook.statusReason();
        }
        return hook.lastAttemptAt() == null ? "No deliveries yet" : "Delivering";
    }
}
