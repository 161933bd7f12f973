package com.holidaylistings.integration.dispatcher.fanout;

import com.holidaylistings.integration.events.EnquiryCreated;
import java.util.List;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fan-out's reading of a batch of events, rehearsed for the warm-up before the consumers start:
 * each payload read as the listener reads it, and the live subscriptions of their properties looked
 * up. The properties are the warm-up's own (random ids that no property has), so nothing is found,
 * no delivery is made and nothing is written or traced.
 */
@Component
public class FanOutRehearsal {

    private final LiveSubscriptions subscriptions;
    private final JsonMapper json;

    FanOutRehearsal(LiveSubscriptions subscriptions, JsonMapper json) {
        this.subscriptions = subscriptions;
        this.json = json;
    }

    /** Reads the payloads and looks up their properties' subscriptions (none, for the warm-up's own properties). */
    public void rehearse(List<String> payloads) {
        subscriptions.byProperty(payloads.stream()
                .map(payload -> json.readValue(payload, EnquiryCreated.class).propertyId())
                .distinct()
                .toList());
    }
}
