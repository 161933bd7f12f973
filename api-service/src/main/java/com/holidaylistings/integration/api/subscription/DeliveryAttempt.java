package com.holidaylistings.integration.api.subscription;

import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/**
 * One line of a subscription's delivery log; {@code status} is the attempt's outcome, {@code durationMs}
 * how long the request took (null when the dispatcher recorded none).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DeliveryAttempt(
        UUID enquiryId,
        int attempt,
        String status,
        Integer httpStatus,
        String error,
        Instant attemptedAt,
        Integer durationMs) {}
