package com.holidaylistings.integration.api.auth;

import com.holidaylistings.integration.api.web.error.Forbidden;
import java.util.Arrays;
import java.util.stream.Collectors;

/** A valid token that lacks every scope the endpoint accepts; answered 403. */
public class MissingScope extends Forbidden {

    MissingScope(Scope... accepted) {
        super("Token lacks scope " + Arrays.stream(accepted).map(Scope::value).collect(Collectors.joining(" or ")));
    }
}
