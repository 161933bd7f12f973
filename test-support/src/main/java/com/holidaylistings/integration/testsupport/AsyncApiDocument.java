package com.holidaylistings.integration.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The committed AsyncAPI document ({@code docs/asyncapi.json}), read as the tests check real
 * records against it: channels, messages, their examples, and a check of a value against a schema
 * of {@code components.schemas}. The check covers the JSON Schema keywords the document uses
 * ({@code $ref}, {@code type} with unions, {@code required}, {@code properties},
 * {@code additionalProperties: false}, {@code const}, {@code enum}, {@code minimum}, {@code maximum},
 * {@code maxLength}, and the formats {@code uuid}, {@code date-time}, {@code uri}); a keyword it
 * does not know fails the check rather than passing silently.
 */
public final class AsyncApiDocument {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> KNOWN = List.of(
            "$ref",
            "type",
            "required",
            "properties",
            "additionalProperties",
            "const",
            "enum",
            "minimum",
            "maximum",
            "maxLength",
            "format",
            "title",
            "description",
            "examples");

    private final JsonNode document;

    private AsyncApiDocument(JsonNode document) {
        this.document = document;
    }

    /** The document of this repository, found above the working directory. */
    public static AsyncApiDocument load() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(Path.of("docs", "asyncapi.json"));
            if (Files.isRegularFile(candidate)) {
                try {
                    return new AsyncApiDocument(JSON.readTree(Files.readString(candidate)));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        throw new IllegalStateException(
                "docs/asyncapi.json not found above " + Path.of("").toAbsolutePath());
    }

    public JsonNode root() {
        return document;
    }

    /** The topic of a channel. */
    public String address(String channel) {
        return document.get("channels").get(channel).get("address").asString();
    }

    /** {@code components.messages.<name>}. */
    public JsonNode message(String name) {
        return required(document.get("components").get("messages"), name);
    }

    /** {@code components.schemas.<name>}. */
    public JsonNode schema(String name) {
        return required(document.get("components").get("schemas"), name);
    }

    /** What is wrong with {@code value} according to the schema {@code components.schemas.<name>}; empty when nothing. */
    public List<String> violations(String schemaName, JsonNode value) {
        List<String> violations = new ArrayList<>();
        check(schema(schemaName), value, "$", violations);
        return violations;
    }

    private void check(JsonNode schema, JsonNode value, String path, List<String> violations) {
        for (String keyword : schema.propertyNames()) {
            if (!KNOWN.contains(keyword)) {
                violations.add(path + ": the check does not know the keyword " + keyword);
            }
        }
        if (schema.has("$ref")) {
            String ref = schema.get("$ref").asString();
            String prefix = "#/components/schemas/";
            if (!ref.startsWith(prefix)) {
                violations.add(path + ": unsupported $ref " + ref);
                return;
            }
            check(schema(ref.substring(prefix.length())), value, path, violations);
        }
        if (schema.has("type") && !typeMatches(schema.get("type"), value)) {
            violations.add(path + ": " + value + " is not of type " + schema.get("type"));
            return;
        }
        if (schema.has("const") && !schema.get("const").equals(value)) {
            violations.add(path + ": " + value + " is not " + schema.get("const"));
        }
        if (schema.has("enum") && schema.get("enum").valueStream().noneMatch(value::equals)) {
            violations.add(path + ": " + value + " is not one of " + schema.get("enum"));
        }
        if (schema.has("minimum")
                && value.isNumber()
                && value.asDouble() < schema.get("minimum").asDouble()) {
            violations.add(path + ": " + value + " is below " + schema.get("minimum"));
        }
        if (schema.has("maximum")
                && value.isNumber()
                && value.asDouble() > schema.get("maximum").asDouble()) {
            violations.add(path + ": " + value + " is above " + schema.get("maximum"));
        }
        if (schema.has("maxLength")
                && value.isString()
                && value.asString().length() > schema.get("maxLength").asInt()) {
            violations.add(path + ": longer than " + schema.get("maxLength"));
        }
        if (schema.has("format")
                && value.isString()
                && !formatMatches(schema.get("format").asString(), value.asString())) {
            violations.add(path + ": " + value + " is not a " + schema.get("format"));
        }
        if (value.isObject()) {
            if (schema.has("required")) {
                schema.get("required").forEach(name -> {
                    if (!value.has(name.asString())) {
                        violations.add(path + ": " + name.asString() + " is missing");
                    }
                });
            }
            JsonNode properties = schema.get("properties");
            if (properties != null) {
                for (String name : value.propertyNames()) {
                    if (properties.has(name)) {
                        check(properties.get(name), value.get(name), path + "." + name, violations);
                    } else if (schema.has("additionalProperties")
                            && !schema.get("additionalProperties").asBoolean()) {
                        violations.add(path + ": " + name + " is not documented");
                    }
                }
            }
        }
    }

    private static boolean typeMatches(JsonNode type, JsonNode value) {
        if (type.isArray()) {
            return type.valueStream().anyMatch(one -> typeMatches(one, value));
        }
        return switch (type.asString()) {
            case "string" -> value.isString();
            case "integer" -> value.isIntegralNumber();
            case "number" -> value.isNumber();
            case "boolean" -> value.isBoolean();
            case "object" -> value.isObject();
            case "array" -> value.isArray();
            case "null" -> value.isNull();
            default -> false;
        };
    }

    private static boolean formatMatches(String format, String value) {
        try {
            switch (format) {
                case "uuid" -> {
                    return UUID.fromString(value).toString().equals(value);
                }
                case "date-time" -> OffsetDateTime.parse(value);
                case "uri" -> {
                    return java.net.URI.create(value).isAbsolute();
                }
                case "date" -> java.time.LocalDate.parse(value);
                case "email" -> {
                    return value.contains("@");
                }
                default -> {
                    return false;
                }
            }
            return true;
        } catch (DateTimeParseException | IllegalArgumentException e) {
            return false;
        }
    }

    private static JsonNode required(JsonNode parent, String name) {
        JsonNode node = parent == null ? null : parent.get(name);
        if (node == null) {
            throw new IllegalArgumentException("The AsyncAPI document has no " + name);
        }
        return node;
    }
}
