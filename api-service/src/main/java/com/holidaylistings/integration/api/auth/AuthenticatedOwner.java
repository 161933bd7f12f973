package com.holidaylistings.integration.api.auth;

import java.util.Set;
import java.util.UUID;

/** The owner behind the request's token: every public query is scoped to {@link #ownerId()}. */
public record AuthenticatedOwner(UUID ownerId, String email, UUID tokenId, Set<Scope> scopes) {

    static final String REQUEST_ATTRIBUTE = AuthenticatedOwner.class.getName();

    public AuthenticatedOwner {
        scopes = Set.copyOf(scopes);
    }

    boolean may(Scope scope) {
        return scopes.contains(scope);
    }
}
