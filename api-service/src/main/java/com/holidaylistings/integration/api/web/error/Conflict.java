package com.holidaylistings.integration.api.web.error;

/** The request would duplicate something that must be unique; answered 409 with the reason. */
public class Conflict extends RuntimeException {

    public Conflict(String message) {
        super(message);
    }
}
