package com.holidaylistings.integration.api.web.error;

import java.io.IOException;

/** A request body over the limit, found while it is being read; answered 413. */
public class PayloadTooLarge extends IOException {

    public PayloadTooLarge(long limit) {
        super("Request body larger than " + limit + " bytes");
    }
}
