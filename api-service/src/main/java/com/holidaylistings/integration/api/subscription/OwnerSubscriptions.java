package com.holidaylistings.integration.api.subscription;

import com.holidaylistings.integration.api.auth.AuthenticatedOwner;
import com.holidaylistings.integration.api.property.PropertyRepository;
import com.holidaylistings.integration.api.web.FieldErrors;
import com.holidaylistings.integration.api.web.NotFound;
import org.springframework.stereotype.Service;

/** Subscribe (idempotent, checked, capped) and unsubscribe, for the owner of the token. */
@Service
class OwnerSubscriptions {

    private final SubscriptionRepository subscriptions;
    private final PropertyRepository properties;
    private final TargetUrlPolicy targetUrls;
    private final SubscriptionProperties settings;

    OwnerSubscriptions(SubscriptionRepository subscriptions, PropertyRepository properties, SubscriptionProperties settings) {
        this.subscriptions = subscriptions;
        this.properties = properties;
        this.settings = settings;
        this.targetUrls = new TargetUrlPolicy(HostResolver.system(), settings.allowPrivateTargets());
    }

    Subscription subscribe(AuthenticatedOwner owner, SubscriptionRequest request) {
        FieldErrors errors = new FieldErrors();
        targetUrls.check("targetUrl", request.targetUrl(), errors);
        if (request.propertyId() != null && !properties.isOwnedBy(request.propertyId(), owner.ownerId())) {
            errors.add("propertyId", "must be one of your properties");
        }
        errors.throwIfAny();
        return subscriptions.findOrCreate(
                owner.ownerId(), request.targetUrl(), request.propertyId(), settings.maxSubscriptionsPerOwner());
    }

    void unsubscribe(AuthenticatedOwner owner, SubscriptionRequest request) {
        FieldErrors errors = new FieldErrors();
        errors.requiredText("targetUrl", request.targetUrl(), TargetUrlPolicy.MAX_LENGTH);
        errors.throwIfAny();
        if (!subscriptions.remove(owner.ownerId(), request.targetUrl(), request.propertyId())) {
            throw new NotFound();
        }
    }
}
