package com.holidaylistings.integration.api.web.error;

/** The resource does not exist or belongs to another owner; both answer the same 404. */
public class NotFound extends RuntimeException {

    public NotFound() {
        this(ApiError.NOT_FOUND);
    }

    protected NotFound(String message) {
        super(message);
    }
}
