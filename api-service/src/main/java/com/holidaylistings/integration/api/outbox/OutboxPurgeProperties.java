package com.holidaylistings.integration.api.outbox;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param retention how long outbox rows are kept (15 days): redeliver and recover, which reaches 14
 *     days back, read an event never delivered to a hook from its row
 * @param interval how often each replica deletes older rows (1 min)
 */
@ConfigurationProperties("outbox.purge")
record OutboxPurgeProperties(
        @DefaultValue("15d") Duration retention,
        @DefaultValue("1m") Duration interval) {}
