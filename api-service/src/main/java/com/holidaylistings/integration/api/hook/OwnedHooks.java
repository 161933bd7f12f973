package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.api.owner.Owners;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.input.CanonicalUuid;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The hook that an internal path names ({@code /owners/{ownerId}/hooks/{hookId}/…}), checked to be
 * the owner's before anything of it is read: the reads of its attempts and statistics name only the
 * hook, so the owner is checked here, once.
 */
@Component
public class OwnedHooks {

    private final Owners owners;
    private final DeliveryLog deliveryLog;

    OwnedHooks(Owners owners, DeliveryLog deliveryLog) {
        this.owners = owners;
        this.deliveryLog = deliveryLog;
    }

    /** The id of one of the owner's hooks; 404 for an unknown owner, or a hook that is not the owner's. */
    public UUID existing(String ownerId, String hookId) {
        UUID owner = owners.existing(ownerId);
        UUID hook = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        return deliveryLog.hook(owner, hook).orElseThrow(NotFound::new).id();
    }
}
