package com.holidaylistings.integration.api.web.error;

/** An authenticated caller that may not do this; answered 403 {@code {"error":"Forbidden"}}. */
public class Forbidden extends RuntimeException {

    public Forbidden(String reason) {
        super(reason);
    }
}
