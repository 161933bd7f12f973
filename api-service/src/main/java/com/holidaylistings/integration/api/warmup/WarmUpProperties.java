package com.holidaylistings.integration.api.warmup;

import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The warm-up before readiness ({@link RequestPathWarmUp}).
 *
 * @param requests {@code WARM_UP_REQUESTS}: intake requests the replica sends itself before it is
 *     ready (3,000; 0 turns the warm-up off)
 * @param maxDuration {@code WARM_UP_MAX_DURATION}: the warm-up ends then however many were sent (6s),
 *     so that it never holds readiness for long on a slow machine
 * @param concurrency requests in flight at once (8)
 * @param exitAfter the service stops once warmed up: for the training run of its class-data archive
 *     (dev/lib/warm-start.sh), which so records the request path's classes and profiles, not only the
 *     start-up's (false)
 */
@Validated
@ConfigurationProperties("owner-api.warm-up")
record WarmUpProperties(
        @DefaultValue("3000") @PositiveOrZero int requests,
        @DefaultValue("6s") Duration maxDuration,
        @DefaultValue("8") @Positive int concurrency,
        @DefaultValue("false") boolean exitAfter) {}
