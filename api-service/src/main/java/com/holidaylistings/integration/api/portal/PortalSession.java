package com.holidaylistings.integration.api.portal;

import java.util.UUID;

/** An open session: its id (from the cookie, never stored), the owner it is for, the token its forms carry. */
record PortalSession(String id, UUID ownerId, String csrfToken) {

    static final String REQUEST_ATTRIBUTE = PortalSession.class.getName();
    static final String COOKIE = "__Host-portal-session";
    static final String CSRF_PARAMETER = "_csrf";
}
