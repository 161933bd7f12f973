package com.holidaylistings.integration.api.redelivery;

import com.holidaylistings.integration.api.web.error.NotFound;

/**
 * A redelivery of an event that is no longer kept: its outbox row is older than
 * {@code OUTBOX_RETENTION} and the hook has no delivery of it (deliveries and their events
 * are kept for {@code WEBHOOK_ATTEMPT_RETENTION}). 404, with a message that says so.
 */
public class EventNoLongerKept extends NotFound {

    static final String MESSAGE = "Not found: the event is no longer kept for redelivery";

    EventNoLongerKept() {
        super(MESSAGE);
    }
}
