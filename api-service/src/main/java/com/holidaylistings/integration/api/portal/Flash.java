package com.holidaylistings.integration.api.portal;

/**
 * What the page shows once: after a redirect, a message or the signing secret (kept on the session's
 * row until then); in the answer that created it, a new token's value (never kept anywhere).
 */
record Flash(String message, boolean error, String newToken, boolean revealSecret) {

    static final Flash NONE = new Flash(null, false, null, false);

    static Flash info(String message) {
        return new Flash(message, false, null, false);
    }

    static Flash problem(String message) {
        return new Flash(message, true, null, false);
    }

    static Flash createdToken(String name, String value) {
        return new Flash("Token \u201c" + name + "\u201d created. Copy it now: it is not shown again.", false, value, false);
    }

    static Flash secret() {
        return new Flash(null, false, null, true);
    }
}
