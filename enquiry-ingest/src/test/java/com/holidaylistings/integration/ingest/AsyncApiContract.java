package com.holidaylistings.integration.ingest;

import com.holidaylistings.integration.testsupport.AsyncApiDocument;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * The {@code enquiry.created} part of the committed AsyncAPI document, read as the tests check it
 * (the document also describes {@code webhook.operational}, which webhook-dispatcher's tests check, and
 * {@code delivery.commands}, which {@link DeliveryCommandsContractTest} checks).
 */
public final class AsyncApiContract {

    private final JsonNode document;

    private AsyncApiContract(JsonNode document) {
        this.document = document;
    }

    public static AsyncApiContract load() {
        return new AsyncApiContract(AsyncApiDocument.load().root());
    }

    public String version() {
        return document.get("asyncapi").asString();
    }

    public String topic() {
        return document.get("channels").get("enquiryCreated").get("address").asString();
    }

    public Set<String> headerNames() {
        return names(schema("EnquiryCreatedHeaders").get("properties"));
    }

    public Set<String> requiredHeaders() {
        return values(schema("EnquiryCreatedHeaders").get("required"));
    }

    /** The payload's fields in the documented order. */
    public List<String> payloadFields() {
        return List.copyOf(schema("EnquiryCreated").get("properties").propertyNames());
    }

    public Set<String> requiredPayloadFields() {
        return values(schema("EnquiryCreated").get("required"));
    }

    public List<String> partyDetailsFields() {
        return List.copyOf(schema("PartyDetails").get("properties").propertyNames());
    }

    public JsonNode examplePayload() {
        return document.get("components")
                .get("messages")
                .get("EnquiryCreated")
                .get("examples")
                .get(0)
                .get("payload");
    }

    private JsonNode schema(String name) {
        return document.get("components").get("schemas").get(name);
    }

    private static Set<String> names(JsonNode object) {
        return new TreeSet<>(object.propertyNames());
    }

    private static Set<String> values(JsonNode array) {
        Set<String> values = new TreeSet<>();
        array.forEach(value -> values.add(value.asString()));
        return values;
    }
}
