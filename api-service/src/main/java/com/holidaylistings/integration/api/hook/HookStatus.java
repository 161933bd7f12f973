package com.holidaylistings.integration.api.hook;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.UUID;

/**
 * A subscription as the owner portal shows it. {@code display_status} is Inactive when paused or
 * unsubscribed (removed, or answered 410), Failed when its latest delivery attempt failed (so it
 * is being retried or was abandoned), Active otherwise.
 */
record HookStatus(
        UUID id,
        String targetUrl,
        UUID propertyId,
        String event,
        @JsonProperty("display_status") String displayStatus,
        boolean paused,
        @JsonProperty("last_attempt_at") Instant lastAttemptAt,
        @JsonProperty("last_success_at") Instant lastSuccessAt,
        @JsonProperty("consecutive_failures") int consecutiveFailures) {

    static String displayStatus(boolean paused, boolean unsubscribed, String latestOutcome) {
        if (paused || unsubscribed) {
            return "Inactive";
        }
        if ("failed".equals(latestOutcome) || "abandoned".equals(latestOutcome)) {
            return "Failed";
        }
        return "Active";
    }
}
