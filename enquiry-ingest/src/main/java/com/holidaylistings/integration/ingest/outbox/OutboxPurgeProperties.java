package com.holidaylistings.integration.ingest.outbox;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param retention how long published outbox rows are kept for inspection (1 h)
 * @param interval how often the leader deletes older rows (1 min)
 */
@ConfigurationProperties("enquiry-ingest.outbox")
record OutboxPurgeProperties(@DefaultValue("1h") Duration retention, @DefaultValue("1m") Duration interval) {}
