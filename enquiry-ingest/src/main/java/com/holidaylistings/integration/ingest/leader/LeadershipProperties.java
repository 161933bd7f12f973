package com.holidaylistings.integration.ingest.leader;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Leader election among relay replicas.
 *
 * @param lockKey the PostgreSQL advisory lock that the streaming replica holds
 * @param checkInterval how often a standby tries the lock and the leader checks it still holds it
 */
@Validated
@ConfigurationProperties("enquiry-ingest.leadership")
record LeadershipProperties(
        @DefaultValue("7301846211") long lockKey,
        @DefaultValue("1s") Duration checkInterval) {}
