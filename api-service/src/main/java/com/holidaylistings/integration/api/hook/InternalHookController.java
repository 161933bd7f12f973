package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.api.owner.Owners;
import com.holidaylistings.integration.api.web.CanonicalUuid;
import com.holidaylistings.integration.api.web.LimitParameter;
import com.holidaylistings.integration.api.web.NotFound;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The owner portal's webhook page: statuses, pause and resume, and each hook's delivery log. */
@RestController
@RequestMapping("/internal/v1/owners/{ownerId}/hooks")
class InternalHookController {

    private static final LimitParameter LIMIT = new LimitParameter(50);

    private final Owners owners;
    private final Subscriptions subscriptions;
    private final DeliveryLog deliveryLog;

    InternalHookController(Owners owners, Subscriptions subscriptions, DeliveryLog deliveryLog) {
        this.owners = owners;
        this.subscriptions = subscriptions;
        this.deliveryLog = deliveryLog;
    }

    @GetMapping
    Map<String, List<HookStatus>> list(@PathVariable String ownerId) {
        return Map.of("hooks", deliveryLog.hooks(owners.existing(ownerId)));
    }

    @PostMapping("/{hookId}/pause")
    HookStatus pause(@PathVariable String ownerId, @PathVariable String hookId) {
        return setPaused(ownerId, hookId, true);
    }

    @PostMapping("/{hookId}/resume")
    HookStatus resume(@PathVariable String ownerId, @PathVariable String hookId) {
        return setPaused(ownerId, hookId, false);
    }

    @GetMapping("/{hookId}/deliveries")
    Map<String, List<DeliveryAttempt>> deliveries(
            @PathVariable String ownerId, @PathVariable String hookId, @RequestParam(required = false) String limit) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        deliveryLog.hook(owner, hook).orElseThrow(NotFound::new);
        return Map.of("deliveries", deliveryLog.attempts(hook, LIMIT.parse(limit)));
    }

    private HookStatus setPaused(String ownerId, String hookId, boolean paused) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        if (!subscriptions.setPaused(owner, hook, paused)) {
            throw new NotFound();
        }
        return deliveryLog.hook(owner, hook).orElseThrow(NotFound::new);
    }
}
