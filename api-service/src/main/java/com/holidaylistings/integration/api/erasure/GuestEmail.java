package com.holidaylistings.integration.api.erasure;

import com.holidaylistings.integration.api.web.input.FieldErrors;
import java.util.Map;

/**
 * The e-mail address of the guest to erase, as the listing site sends it: {@code {"email"}}. Its
 * enquiries are found whatever the case of the address (guests type it as they please). Other fields
 * of the body are ignored: only the address chooses what is erased.
 */
record GuestEmail(String value) {

    static GuestEmail of(Map<String, Object> body) {
        FieldErrors errors = new FieldErrors();
        Object email = body.get("email");
        if (email != null && !(email instanceof String)) {
            errors.add("email", "must be an e-mail address");
        } else {
            errors.requiredEmail("email", (String) email);
        }
        errors.throwIfAny();
        return new GuestEmail((String) email);
    }
}
