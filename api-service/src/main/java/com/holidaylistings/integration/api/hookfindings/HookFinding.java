package com.holidaylistings.integration.api.hookfindings;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.UUID;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One record of {@code webhook.operational} that concerns api-service's rows, as read from its JSON
 * (docs/asyncapi.json): the hook, its owner, and when the dispatcher found it out. Records of the
 * other types say nothing api-service keeps and are read as nothing.
 */
sealed interface HookFinding {

    UUID hookId();

    UUID ownerId();

    Instant occurredAt();

    /** A receiver answered 410 Gone: the hook is unsubscribed. */
    record Unsubscribed(UUID hookId, UUID ownerId, Instant occurredAt) implements HookFinding {}

    /** Every attempt failed for {@code WEBHOOK_DISABLE_AFTER}: the hook is paused until its owner resumes it. */
    record Disabled(UUID hookId, UUID ownerId, Instant occurredAt) implements HookFinding {}

    /** A record that is not the JSON its type promises: {@link #reason} says what is wrong with it. */
    final class Malformed extends RuntimeException {

        Malformed(String reason) {
            super(reason);
        }
    }

    /**
     * The finding in a record's value; empty for a record of another type (nothing to apply). Throws
     * {@link Malformed} for a value that is not an object with a type, or a finding without a valid
     * {@code hook_id}, {@code owner_id} or {@code occurred_at}.
     */
    static Optional<HookFinding> read(JsonMapper json, String value) {
        JsonNode event;
        try {
            event = value == null ? null : json.readTree(value);
        } catch (JacksonException e) {
            throw new Malformed("not JSON");
        }
        if (event == null || !event.isObject() || !event.path("type").isString()) {
            throw new Malformed("not an object with a type");
        }
        return switch (event.get("type").asString()) {
            case "hook.unsubscribed" ->
                Optional.of(new Unsubscribed(
                        uuid(event, "hook_id"), uuid(event, "owner_id"), instant(event, "occurred_at")));
            case "hook.disabled" ->
                Optional.of(
                        new Disabled(uuid(event, "hook_id"), uuid(event, "owner_id"), instant(event, "occurred_at")));
            default -> Optional.empty();
        };
    }

    private static UUID uuid(JsonNode event, String field) {
        try {
            return UUID.fromString(text(event, field));
        } catch (IllegalArgumentException e) {
            throw new Malformed(field + " is not a UUID");
        }
    }

    private static Instant instant(JsonNode event, String field) {
        try {
            return OffsetDateTime.parse(text(event, field)).toInstant();
        } catch (DateTimeParseException e) {
            throw new Malformed(field + " is not a date-time");
        }
    }

    private static String text(JsonNode event, String field) {
        JsonNode node = event.get(field);
        if (node == null || !node.isString()) {
            throw new Malformed(field + " is missing");
        }
        return node.asString();
    }
}
