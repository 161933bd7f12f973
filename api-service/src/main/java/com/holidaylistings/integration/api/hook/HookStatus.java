package com.holidaylistings.integration.api.hook;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.UUID;

/**
 * A hook as the owner portal shows it, with its {@link DisplayStatus} and the sentence that
 * explains it ({@link StatusReason}). {@code disabledAt} (set while the hook is turned off by the
 * dispatcher) is for the portal's "Resume and recover" only; the API says it in {@code status_reason}.
 */
public record HookStatus(
        UUID id,
        String targetUrl,
        UUID propertyId,
        String event,
        @JsonProperty("display_status") DisplayStatus displayStatus,
        boolean paused,
        @JsonProperty("last_attempt_at") Instant lastAttemptAt,
        @JsonProperty("last_success_at") Instant lastSuccessAt,
        @JsonProperty("consecutive_failures") int consecutiveFailures,
        @JsonProperty("throttle_per_second") Integer throttlePerSecond,
        @JsonProperty("status_reason") String statusReason,
        @JsonIgnore Instant disabledAt) {

    /** Turned off by webhook-dispatcher after days of failure, and not resumed since. */
    @JsonIgnore
    public boolean disabled() {
        return disabledAt != null;
    }
}
