package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.api.owner.Owners;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.filter.RequestIdFilter;
import com.holidaylistings.integration.api.web.input.CanonicalUuid;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The owner portal's webhook page: the hooks with their statuses, pause and resume, and a throttle.
 * Each hook's attempts, statistics and requests for deliveries again have controllers of their own
 * ({@code attempts}, {@code stats}, {@code redelivery}) under the same path.
 */
@RestController
@RequestMapping("/internal/v1/owners/{ownerId}/hooks")
class InternalHookController {

    private final Owners owners;
    private final HookRepository hooks;
    private final DeliveryLog deliveryLog;

    InternalHookController(Owners owners, HookRepository hooks, DeliveryLog deliveryLog) {
        this.owners = owners;
        this.hooks = hooks;
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

    /** Sets or lifts the hook's throttle; the dispatcher applies it to the next deliveries it starts. */
    @PutMapping("/{hookId}/throttle")
    HookStatus throttle(
            @PathVariable String ownerId, @PathVariable String hookId, @RequestBody Map<String, Object> body) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        deliveryLog.hook(owner, hook).orElseThrow(NotFound::new);
        ThrottleRequest request = ThrottleRequest.of(body);
        if (!hooks.setThrottle(owner, hook, request.perSecond(), RequestIdFilter.current())) {
            throw new NotFound();
        }
        return deliveryLog.hook(owner, hook).orElseThrow(NotFound::new);
    }

    private HookStatus setPaused(String ownerId, String hookId, boolean paused) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        if (!hooks.setPaused(owner, hook, paused)) {
            throw new NotFound();
        }
        return deliveryLog.hook(owner, hook).orElseThrow(NotFound::new);
    }
}
