package com.holidaylistings.integration.api.portal;

/** Why the portal refuses a request; each is answered with a page of its own. */
sealed class PortalRefusal extends RuntimeException {

    private final int status;
    private final String title;

    PortalRefusal(int status, String title, String message) {
        super(message);
        this.status = status;
        this.title = title;
    }

    int status() {
        return status;
    }

    String title() {
        return title;
    }

    /** No cookie, an unknown or an expired session. */
    static final class NoSession extends PortalRefusal {
        NoSession() {
            super(
                    401,
                    "Your session has ended",
                    "Open the portal again from your account on the listing site to start a new session.");
        }
    }

    /** A form without the session's token: another site tried to submit it, or the page is stale. */
    static final class CsrfRefused extends PortalRefusal {
        CsrfRefused() {
            super(403, "This form has expired", "Nothing was changed. Go back to the page, reload it and try again.");
        }
    }

    /** A link that is unknown, used already or expired: all look the same to whoever holds it. */
    static final class LinkRefused extends PortalRefusal {
        LinkRefused() {
            super(
                    410,
                    "This link cannot be used",
                    "Portal links work once and for 10 minutes. Open the portal again from your account on the"
                            + " listing site to get a new one.");
        }
    }
}
