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
class SubscriptionController {

    private final OwnerSubscriptions hooks;
    private final SubscriptionRepository subscriptions;

    SubscriptionController(OwnerSubscriptions hooks, SubscriptionRepository subscriptions) {
        this.hooks = hooks;
        this.subscriptions = subscriptions;
    }

    @GetMapping("/integration/v1/hooks/enquiries")
    @RequiredScope({Scope.HOOKS_READ, Scope.HOOKS_WRITE})
    Map<String, List<Subscription>> list(AuthenticatedOwner owner) {
        return Map.of("hooks", subscriptions.live(owner.ownerId()));
    }

    @PostMapping("/integration/v1/hooks/enquiries")
    @RequiredScope(Scope.HOOKS_WRITE)
    Subscription subscribe(AuthenticatedOwner owner, @RequestBody SubscriptionRequest request) {
        return hooks.subscribe(owner, request);
    }

    @DeleteMapping("/integration/v1/hooks/enquiries")
    @RequiredScope(Scope.HOOKS_WRITE)
    Map<String, Boolean> unsubscribe(AuthenticatedOwner owner, @RequestBody SubscriptionRequest request) {
        hooks.unsubscribe(owner, request);
        return Map.of("success", true);
    }
}
