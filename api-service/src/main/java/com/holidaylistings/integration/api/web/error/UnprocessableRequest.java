package com.holidaylistings.integration.api.web.error;

/** A well-formed request that cannot be carried out as it stands; answered 422 with the reason. */
public class UnprocessableRequest extends RuntimeException {

    public UnprocessableRequest(String message) {
        super(message);
    }
}
