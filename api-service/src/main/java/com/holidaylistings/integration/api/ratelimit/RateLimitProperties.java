package com.holidaylistings.integration.api.ratelimit;

import jakarta.validation.constraints.Positive;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Requests a token may make, across all replicas: {@code RATE_LIMIT_PER_MINUTE} (default 100) in
 * any 60 seconds and {@code RATE_LIMIT_PER_HOUR} (default 1000) in any hour.
 */
@Validated
@ConfigurationProperties("owner-api.rate-limit")
public record RateLimitProperties(
        @DefaultValue("100") @Positive int perMinute,
        @DefaultValue("1000") @Positive int perHour) {}
