package com.holidaylistings.integration.dispatcher.redelivery;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Redeliveries and dead-letter replays.
 *
 * @param pollInterval {@code WEBHOOK_REDELIVERY_POLL_INTERVAL}: how often each replica looks for
 *     deliveries asked for through the internal API, redeliveries and recover (1s)
 * @param replayLockKey the PostgreSQL advisory lock that lets one dead-letter replay run at a time
 *     across replicas (7301846212; enquiry-ingest's leader lock is 7301846211)
 */
@Validated
@ConfigurationProperties("webhook.redelivery")
public record RedeliveryProperties(
        @DefaultValue("1s") Duration pollInterval,
        @DefaultValue("7301846212") long replayLockKey) {}
