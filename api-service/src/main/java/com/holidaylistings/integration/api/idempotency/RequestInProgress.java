package com.holidaylistings.integration.api.idempotency;

import com.holidaylistings.integration.api.web.error.Conflict;

/** Another request with the same idempotency key is being carried out right now; answered 409. */
public class RequestInProgress extends Conflict {

    RequestInProgress() {
        super("Request in progress");
    }
}
