package com.holidaylistings.integration.api.quota;

import jakarta.validation.constraints.Positive;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Requests of each kind an owner may make in any 60 seconds, across all replicas, through the
 * internal API and the portal alike: {@code OWNER_QUOTA_TEST_EVENTS_PER_MINUTE} (default 10),
 * {@code OWNER_QUOTA_REDELIVERIES_PER_MINUTE} (60), {@code OWNER_QUOTA_RECOVERIES_PER_MINUTE} (60) and
 * {@code OWNER_QUOTA_REPLAYS_PER_MINUTE} (5). Generous for a person at the portal or an integration
 * repairing its own gaps; a loop is stopped within a minute's worth.
 */
@Validated
@ConfigurationProperties("owner-api.quotas")
public record QuotaProperties(
        @DefaultValue("10") @Positive int testEventsPerMinute,
        @DefaultValue("60") @Positive int redeliveriesPerMinute,
        @DefaultValue("60") @Positive int recoveriesPerMinute,
        @DefaultValue("5") @Positive int replaysPerMinute) {

    int perMinute(OwnerQuota quota) {
        return switch (quota) {
            case TEST_EVENTS -> testEventsPerMinute;
            case REDELIVERIES -> redeliveriesPerMinute;
            case RECOVERIES -> recoveriesPerMinute;
            case REPLAYS -> replaysPerMinute;
        };
    }
}
