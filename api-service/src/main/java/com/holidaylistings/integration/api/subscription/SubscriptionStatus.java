package com.holidaylistings.integration.api.subscription;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.holidaylistings.integration.events.delivery.DisplayStatus;
import java.time.Instant;
import java.util.UUID;

/** A subscription as the owner portal shows it, with its {@link DisplayStatus}. */
public record SubscriptionStatus(
        UUID id,
        String targetUrl,
        UUID propertyId,
        String event,
        @JsonProperty("display_status") DisplayStatus displayStatus,
        boolean paused,
        @JsonProperty("last_attempt_at") Instant lastAttemptAt,
        @JsonProperty("last_success_at") Instant lastSuccessAt,
        @JsonProperty("consecutive_failures") int consecutiveFailures) {}
