package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.api.auth.AuthenticatedOwner;
import com.holidaylistings.integration.api.property.PropertyRepository;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.input.FieldErrors;
import java.util.UUID;
import org.springframework.stereotype.Service;

/** Subscribe (idempotent, checked, capped) and unsubscribe, for the owner of the token. */
@Service
class OwnerHooks {

    private final HookRepository hooks;
    private final PropertyRepository properties;
    private final TargetUrlPolicy targetUrls;
    private final HookProperties settings;

    OwnerHooks(HookRepository hooks, PropertyRepository properties, HookProperties settings) {
        this.hooks = hooks;
        this.properties = properties;
        this.settings = settings;
        this.targetUrls = new TargetUrlPolicy(HostResolver.system(), settings.targetAddressRule());
    }

    Hook subscribe(AuthenticatedOwner owner, HookRequest request) {
        FieldErrors errors = new FieldErrors();
        targetUrls.check("targetUrl", request.targetUrl(), errors);
        UUID propertyId = request.propertyFilter(errors);
        if (propertyId != null && !properties.isOwnedBy(propertyId, owner.ownerId())) {
            errors.add(HookRequest.PROPERTY_ID, "must be one of your properties");
        }
        errors.throwIfAny();
        return hooks.findOrCreate(
                owner.ownerId(), request.targetUrl(), propertyId, settings.maxSubscriptionsPerOwner());
    }

    void unsubscribe(AuthenticatedOwner owner, HookRequest request) {
        FieldErrors errors = new FieldErrors();
        errors.requiredText("targetUrl", request.targetUrl(), TargetUrlPolicy.MAX_LENGTH);
        UUID propertyId = request.propertyFilter(errors);
        errors.throwIfAny();
        if (!hooks.remove(owner.ownerId(), request.targetUrl(), propertyId)) {
            throw new NotFound();
        }
    }
}
