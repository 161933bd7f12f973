package com.holidaylistings.integration.api.stats;

import com.holidaylistings.integration.api.hook.OwnedHooks;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** A hook's statistics over its last days, for the portal's chart. */
@RestController
class InternalHookStatsController {

    private final OwnedHooks hooks;
    private final HookStatistics statistics;

    InternalHookStatsController(OwnedHooks hooks, HookStatistics statistics) {
        this.hooks = hooks;
        this.statistics = statistics;
    }

    @GetMapping("/internal/v1/owners/{ownerId}/hooks/{hookId}/stats")
    HookStats stats(
            @PathVariable String ownerId, @PathVariable String hookId, @RequestParam(required = false) String days) {
        UUID hook = hooks.existing(ownerId, hookId);
        return statistics.of(hook, StatsDays.parse(days).value());
    }
}
