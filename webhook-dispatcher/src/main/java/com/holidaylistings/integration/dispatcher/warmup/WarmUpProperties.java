package com.holidaylistings.integration.dispatcher.warmup;

import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The warm-up before the consumers start ({@link DispatchPathWarmUp}).
 *
 * @param deliveries {@code WARM_UP_DELIVERIES}: deliveries the replica rehearses against its own
 *     receiver before it consumes anything and reports ready (3,000; 0 turns the warm-up off)
 * @param maxDuration {@code WARM_UP_MAX_DURATION}: the warm-up ends then however many were rehearsed
 *     (5s), so that readiness stays within 10 s of the start on a slow machine
 * @param concurrency deliveries rehearsed at once, each in a lane of its own (16)
 * @param exitAfter the process stops once warmed up, before any consumer starts: the training run of
 *     its class-data archive (dev/lib/warm-start.sh), which so records the delivery path's classes and
 *     profiles, not only the start-up's (false)
 */
@Validated
@ConfigurationProperties("dispatcher.warm-up")
record WarmUpProperties(
        @DefaultValue("3000") @PositiveOrZero int deliveries,
        @DefaultValue("5s") Duration maxDuration,
        @DefaultValue("16") @Positive int concurrency,
        @DefaultValue("false") boolean exitAfter) {}
