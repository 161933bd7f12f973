package com.holidaylistings.integration.api.portal;

import java.util.UUID;

/**
 * What the page shows once: after a redirect, a message or the signing secret (kept on the session's
 * row until then), or one hook's signing secret ({@code secretOfHook}); in the answer that created
 * it, a new token's value (never kept anywhere).
 */
record Flash(String message, boolean error, String newToken, boolean revealSecret, UUID secretOfHook) {

    static final Flash NONE = new Flash(null, false, null, false, null);

    static Flash info(String message) {
        return new Flash(message, false, null, false, null);
    }

    static Flash problem(String message) {
        return new Flash(message, true, null, false, null);
    }

    static Flash createdToken(String name, String value) {
        return new Flash(
                "Token \u201c" + name + "\u201d created. Copy it now: it is not shown again.",
                false,
                value,
                false,
                null);
    }

    static Flash secret() {
        return new Flash(null, false, null, true, null);
    }

    /** The owner's signing secret, shown with a message (after a rotation). */
    static Flash secret(String message) {
        return new Flash(message, false, null, true, null);
    }

    /** One hook's signing secret, shown on its row, with a message or none. */
    static Flash secretOfHook(UUID hook, String message) {
        return new Flash(message, false, null, false, hook);
    }
}
