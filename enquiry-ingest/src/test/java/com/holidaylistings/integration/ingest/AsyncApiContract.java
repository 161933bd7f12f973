package com.holidaylistings.integration.ingest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The committed AsyncAPI document of the {@code enquiry.created} topic, read as the tests check it. */
public final class AsyncApiContract {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final JsonNode document;

    private AsyncApiContract(JsonNode document) {
        this.document = document;
    }

    public static AsyncApiContract load() {
        try {
            return new AsyncApiContract(JSON.readTree(Files.readString(Path.of("..", "docs", "asyncapi.json"))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
        return document.get("components").get("messages").get("EnquiryCreated").get("examples").get(0).get("payload");
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
