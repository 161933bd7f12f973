package com.holidaylistings.integration.ingest.outbox;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param retention how long published outbox rows are kept (15 days): api-service reads events from
 *     them for redeliveries and for recover, which reaches 14 days back
 * @param interval how often the leader deletes older rows (1 min)
 */
@ConfigurationProperties("enquiry-ingest.outbox")
record OutboxPurgeProperties(@DefaultValue("15d") Duration retention, @DefaultValue("1m") Duration interval) {}
