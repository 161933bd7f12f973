package com.holidaylistings.integration.api.portal;

import com.holidaylistings.integration.api.hook.DeliveryLog;
import com.holidaylistings.integration.api.hook.HookStatus;
import com.holidaylistings.integration.api.web.error.NotFound;
import com.holidaylistings.integration.api.web.input.CanonicalUuid;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** The hook a portal request names, if it is the session's owner's: 404 otherwise, as for no hook at all. */
@Component
class SessionHooks {

    private final DeliveryLog deliveryLog;

    SessionHooks(DeliveryLog deliveryLog) {
        this.deliveryLog = deliveryLog;
    }

    HookStatus of(PortalSession session, String hookId) {
        UUID id = CanonicalUuid.parse(hookId).orElseThrow(NotFound::new);
        return deliveryLog.hook(session.ownerId(), id).orElseThrow(NotFound::new);
    }
}
