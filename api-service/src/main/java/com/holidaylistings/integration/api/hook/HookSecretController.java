package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.api.owner.SigningSecrets;
import com.holidaylistings.integration.api.web.error.NotFound;
import java.util.Map;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The secret one hook signs with: its owner's until the hook's own is rotated, then its own, so that
 * two integrations of one owner cannot forge deliveries to each other. 404 for another owner's hook.
 */
@RestController
@RequestMapping("/internal/v1/owners/{ownerId}/hooks/{hookId}/secret")
class HookSecretController {

    private final OwnedHooks ownedHooks;
    private final SigningSecrets secrets;

    HookSecretController(OwnedHooks ownedHooks, SigningSecrets secrets) {
        this.ownedHooks = ownedHooks;
        this.secrets = secrets;
    }

    @GetMapping
    Map<String, String> secret(@PathVariable String ownerId, @PathVariable String hookId) {
        UUID hook = ownedHooks.existing(ownerId, hookId);
        return Map.of("secret", secrets.ofHook(UUID.fromString(ownerId), hook).orElseThrow(NotFound::new));
    }

    /** A new secret for this hook alone; the replaced one keeps signing beside it for WEBHOOK_SECRET_OVERLAP. */
    @PostMapping("/rotate")
    Map<String, String> rotate(@PathVariable String ownerId, @PathVariable String hookId) {
        UUID hook = ownedHooks.existing(ownerId, hookId);
        return Map.of(
                "secret", secrets.rotateForHook(UUID.fromString(ownerId), hook).orElseThrow(NotFound::new));
    }
}
