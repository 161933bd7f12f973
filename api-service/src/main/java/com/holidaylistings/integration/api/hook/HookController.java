package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.api.auth.AuthenticatedOwner;
import com.holidaylistings.integration.api.auth.RequiredScope;
import com.holidaylistings.integration.api.auth.Scope;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * REST hooks: POST subscribes a target URL to enquiry.created, DELETE (with a body) removes it, GET
 * lists the live ones (an integration checks that its hook exists before creating one).
 */
@RestController
class HookController {

    private final OwnerHooks ownerHooks;
    private final HookRepository hooks;

    HookController(OwnerHooks ownerHooks, HookRepository hooks) {
        this.ownerHooks = ownerHooks;
        this.hooks = hooks;
    }

    @GetMapping("/integration/v1/hooks/enquiries")
    @RequiredScope({Scope.HOOKS_READ, Scope.HOOKS_WRITE})
    Map<String, List<Hook>> list(AuthenticatedOwner owner) {
        return Map.of("hooks", hooks.live(owner.ownerId()));
    }

    @PostMapping("/integration/v1/hooks/enquiries")
    @RequiredScope(Scope.HOOKS_WRITE)
    Hook subscribe(AuthenticatedOwner owner, @RequestBody HookRequest request) {
        return ownerHooks.subscribe(owner, request);
    }

    @DeleteMapping("/integration/v1/hooks/enquiries")
    @RequiredScope(Scope.HOOKS_WRITE)
    Map<String, Boolean> unsubscribe(AuthenticatedOwner owner, @RequestBody HookRequest request) {
        ownerHooks.unsubscribe(owner, request);
        return Map.of("success", true);
    }
}
