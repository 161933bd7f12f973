package com.holidaylistings.integration.api.auth;

import com.holidaylistings.integration.api.web.Forbidden;

/** A valid token that lacks the endpoint's scope; answered 403. */
public class MissingScope extends Forbidden {

    MissingScope(Scope scope) {
        super("Token lacks scope " + scope.value());
    }
}
