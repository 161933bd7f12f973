package com.holidaylistings.integration.api.auth;

import com.holidaylistings.integration.api.web.input.FieldErrors;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** A token as the portal asks for it: a name and, optionally, the scopes it grants. */
public record NewToken(String name, List<String> scopes) {

    public static final int MAX_NAME_LENGTH = 100;

    /** The scopes asked for, all of them when none are named; {@code InvalidRequest} when the request is not valid. */
    public Set<Scope> validScopes() {
        FieldErrors errors = new FieldErrors();
        errors.requiredText("name", name, MAX_NAME_LENGTH);
        Set<Scope> granted = EnumSet.allOf(Scope.class);
        if (scopes != null) {
            granted = EnumSet.noneOf(Scope.class);
            if (scopes.isEmpty()) {
                errors.add("scopes", "must name at least one scope, or be left out for all of them");
            }
            for (String scope : scopes) {
                Scope.fromValue(scope)
                        .ifPresentOrElse(
                                granted::add,
                                () -> errors.add(
                                        "scopes", "must each be one of " + String.join(", ", Scope.allValues())));
            }
        }
        errors.throwIfAny();
        return granted;
    }
}
