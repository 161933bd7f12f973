package com.holidaylistings.integration.api.auth;

import com.holidaylistings.integration.api.web.error.Conflict;

/** The owner already holds {@code TOKENS_PER_OWNER_MAX} live tokens; answered 409 until one is revoked. */
public class TokenLimitReached extends Conflict {

    TokenLimitReached() {
        super("Token limit reached");
    }
}
