package com.holidaylistings.integration.api.web;

import java.io.IOException;

/** A request body over the limit, found while it is being read; answered 413. */
class PayloadTooLarge extends IOException {

    PayloadTooLarge(long limit) {
        super("Request body larger than " + limit + " bytes");
    }
}
