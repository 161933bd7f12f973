package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.targets.TargetAddressRule;
import jakarta.validation.constraints.Positive;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Hooks: {@code WEBHOOK_ALLOW_PRIVATE_TARGETS} (default false) lets targets on internal
 * addresses through, for the local stack, except link-local ones and {@code refusedPorts}
 * ({@code WEBHOOK_REFUSED_PORTS}, by default {@link TargetAddressRule#LOCAL_STACK_PORTS}); an owner
 * holds at most {@code maxSubscriptionsPerOwner} live subscriptions; one {@code POST …/recover} queues at most {@code recoverMaxEvents}
 * ({@code WEBHOOK_RECOVER_MAX_EVENTS}, 10,000) deliveries, the oldest events first.
 */
@Validated
@ConfigurationProperties("owner-api.webhooks")
public record HookProperties(
        @DefaultValue("false") boolean allowPrivateTargets,
        Set<Integer> refusedPorts,
        @DefaultValue("100") @Positive int maxSubscriptionsPerOwner,
        @DefaultValue("10000") @Positive int recoverMaxEvents) {

    public HookProperties {
        refusedPorts = refusedPorts == null ? TargetAddressRule.LOCAL_STACK_PORTS : Set.copyOf(refusedPorts);
    }

    /** Where a webhook may connect, as the dispatcher decides it again when it connects. */
    public TargetAddressRule targetAddressRule() {
        return new TargetAddressRule(allowPrivateTargets, refusedPorts);
    }
}
