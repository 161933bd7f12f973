package com.holidaylistings.integration.api.stats;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/**
 * A hook's attempts over its last days (UTC), as counted by the dispatcher: {@code delivered}
 * attempts that succeeded, {@code failedAttempts} every other (failed, abandoned, gone), of which
 * {@code abandoned} were the last of their delivery; {@code pending} deliveries not finished now;
 * {@code byHttpStatus} keyed by the status, {@code "none"} for no answer; one {@code perDay} entry
 * for each day, the oldest first. Test events are not counted.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record HookStats(
        Instant since,
        long delivered,
        long failedAttempts,
        long abandoned,
        long pending,
        Map<String, Long> byHttpStatus,
        List<Day> perDay) {

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Day(LocalDate date, long delivered, long failedAttempts) {}

    /** The largest number of attempts on one day, for the portal's bars. */
    public long busiestDay() {
        return perDay.stream()
                .mapToLong(day -> day.delivered() + day.failedAttempts())
                .max()
                .orElse(0);
    }
}
