package com.holidaylistings.integration.dispatcher.transition;

import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import java.time.Instant;

/**
 * The delivery state of one subscription ({@code subscription_health}): its failures since its
 * latest success and when the first of them was (null when it has none), since when it is failing
 * (null when it is not), and its latest attempt. The portal's status and the operational events read
 * it; {@link DeliveryTransitions} changes it.
 */
public record HookHealth(
        int consecutiveFailures,
        Instant firstFailureAt,
        Instant failingSince,
        Instant lastAttemptAt,
        DeliveryOutcome lastOutcome,
        Instant lastSuccessAt,
        Integer lastHttpStatus,
        String lastError) {

    static final HookHealth NEW = new HookHealth(0, null, null, null, null, null, null, null);
}
