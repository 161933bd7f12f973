package com.holidaylistings.integration.api.subscription;

import jakarta.validation.constraints.Positive;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Subscriptions: {@code WEBHOOK_ALLOW_PRIVATE_TARGETS} (default false) lets targets on internal
 * addresses through, for the local stack; an owner holds at most {@code maxSubscriptionsPerOwner}
 * live subscriptions; one {@code POST …/recover} queues at most {@code recoverMaxEvents}
 * ({@code WEBHOOK_RECOVER_MAX_EVENTS}, 10,000) deliveries, the oldest events first.
 */
@Validated
@ConfigurationProperties("owner-api.webhooks")
public record SubscriptionProperties(
        @DefaultValue("false") boolean allowPrivateTargets,
        @DefaultValue("100") @Positive int maxSubscriptionsPerOwner,
        @DefaultValue("10000") @Positive int recoverMaxEvents) {}
