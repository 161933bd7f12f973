package com.holidaylistings.integration.api.erasure;

import com.holidaylistings.integration.events.EnquiryCreated;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON copies of an enquiry that api-service keeps, with the guest's data replaced as
 * {@link EnquiryCreated#erased()} replaces it: an event's payload, a command that carries one, an
 * intake's remembered answer. Each keeps its shape and field order, so that what is read or sent
 * from it later is still valid; erasing an erased copy changes nothing.
 */
final class ErasedCopies {

    private final JsonMapper json;

    ErasedCopies(JsonMapper json) {
        this.json = json;
    }

    /** An {@code enquiry.created} payload. */
    String event(String payload) {
        return json.writeValueAsString(
                json.readValue(payload, EnquiryCreated.class).erased());
    }

    /** A redeliver's or recover's command JSON, whose {@code event} (when present) is the enquiry's payload. */
    String command(String payload) {
        ObjectNode command = (ObjectNode) json.readTree(payload);
        JsonNode event = command.get("event");
        if (event != null && event.isObject()) {
            command.set(
                    "event",
                    json.valueToTree(
                            json.treeToValue(event, EnquiryCreated.class).erased()));
        }
        return json.writeValueAsString(command);
    }

    /** The intake's answer {@code {"enquiry": Enquiry}}, whose enquiry has the payload's field names. */
    String answer(String body) {
        ObjectNode answer = (ObjectNode) json.readTree(body);
        if (answer.get("enquiry") instanceof ObjectNode enquiry) {
            enquiry.put("subject", EnquiryCreated.ERASED);
            enquiry.put("message", EnquiryCreated.ERASED);
            enquiry.put("user_name", EnquiryCreated.ERASED);
            enquiry.put("user_email", EnquiryCreated.ERASED_EMAIL);
            if (enquiry.get("party_details") instanceof ObjectNode party) {
                party.putNull("occasion");
            }
        }
        return json.writeValueAsString(answer);
    }
}
