package com.holidaylistings.integration.api.idempotency;

import com.holidaylistings.integration.api.web.error.UnprocessableRequest;

/** The idempotency key was first sent with another request; answered 422. */
public class KeyReusedWithDifferentRequest extends UnprocessableRequest {

    KeyReusedWithDifferentRequest() {
        super("Idempotency key reused with a different request");
    }
}
