package com.holidaylistings.integration.api.idempotency;

import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How long idempotency keys are kept, and how they are purged.
 *
 * @param retention {@code IDEMPOTENCY_KEY_RETENTION} (default {@code 24h}): a key answers its first
 *     answer again for this long after it was first used; after it, the key is free again
 * @param purgeInterval {@code IDEMPOTENCY_PURGE_INTERVAL} (default {@code 10m}): how often each
 *     replica deletes expired keys
 * @param purgeBatchSize keys deleted per statement (default 1000), so that no purge holds many
 *     rows locked at once
 */
@Validated
@ConfigurationProperties("owner-api.idempotency")
public record IdempotencyProperties(
        @DefaultValue("24h") @DurationMin(seconds = 1) Duration retention,
        @DefaultValue("10m") @DurationMin(seconds = 1) Duration purgeInterval,
        @DefaultValue("1000") @Positive int purgeBatchSize) {}
