package com.holidaylistings.integration.api.attempts;

import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/**
 * One line of a subscription's delivery log; {@code status} is the attempt's outcome, {@code durationMs}
 * how long the request took (null when the dispatcher recorded none). {@code attemptId} is the
 * attempt log's bigint id as a string (JavaScript's numbers lose such integers); {@code test} marks a
 * test event sent from the portal.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DeliveryAttempt(
        String attemptId,
        String webhookId,
        UUID enquiryId,
        int attempt,
        String status,
        Integer httpStatus,
        String error,
        Instant attemptedAt,
        Integer durationMs,
        boolean test) {}
