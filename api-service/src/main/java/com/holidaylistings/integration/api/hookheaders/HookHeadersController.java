package com.holidaylistings.integration.api.hookheaders;

import com.holidaylistings.integration.api.hook.OwnedHooks;
import com.holidaylistings.integration.api.web.error.NotFound;
import java.util.Map;
import java.util.UUID;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Sets a hook's custom headers, all at once: the body's replace whatever the hook had, {@code {}}
 * removes them. The answer shows the names with the values masked, as everything after saving does.
 * 404 for another owner's hook, 400 with {@code fieldErrors} for a header {@link CustomHeaders} refuses
 * (nothing is changed then).
 */
@RestController
class HookHeadersController {

    private final OwnedHooks ownedHooks;
    private final HookHeaders hookHeaders;

    HookHeadersController(OwnedHooks ownedHooks, HookHeaders hookHeaders) {
        this.ownedHooks = ownedHooks;
        this.hookHeaders = hookHeaders;
    }

    @PutMapping("/internal/v1/owners/{ownerId}/hooks/{hookId}/headers")
    Map<String, Map<String, String>> replace(
            @PathVariable String ownerId, @PathVariable String hookId, @RequestBody Map<String, Object> body) {
        UUID hook = ownedHooks.existing(ownerId, hookId);
        CustomHeaders headers = CustomHeaders.of(body);
        if (!hookHeaders.replace(UUID.fromString(ownerId), hook, headers)) {
            throw new NotFound();
        }
        return Map.of(CustomHeaders.FIELD, headers.masked());
    }
}
