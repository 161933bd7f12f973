package com.holidaylistings.integration.dispatcher.operational;

import com.holidaylistings.integration.dispatcher.SqlArrays;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes operational events to the outbox table {@code operational_events}, each with its hook's
 * details and an event id, in the caller's transaction: the attempt log's, so that an attempt, the
 * state change it causes and the event announcing it commit together or not at all (deciding in a
 * later transaction could lose a {@code delivery.abandoned} to a crash in between). Which events follow
 * from an attempt is {@code DeliveryTransitions}' decision; {@link OperationalPoller} publishes them,
 * each in the trace of the attempt that decided it (its row's {@code traceparent}).
 */
@Component
public class OperationalOutbox {

    private static final DateTimeFormatter MICROSECONDS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSX").withZone(ZoneOffset.UTC);
    private static final String INSERT = """
            insert into operational_events (id, hook_id, type, payload, created_at, traceparent)
            values (?, ?, ?, cast(? as json), ?, ?)
            """;
    private static final String HOOKS =
            "select id, owner_id, target_url, property_id from webhook_subscriptions where id = any(?)";

    private final JsonMapper json;

    OperationalOutbox(JsonMapper json) {
        this.json = json;
    }

    /**
     * An event and the W3C {@code traceparent} of the attempt that decided it (null when it was decided
     * in no trace): the event is published in that trace.
     */
    public record Decided(OperationalEvent event, String traceparent) {}

    /** The hook as every event names it. */
    private record Hook(SubscriptionId id, OwnerId owner, String targetUrl, UUID propertyId) {}

    /**
     * Writes one outbox row per event (an event of a subscription deleted meanwhile has nobody to tell),
     * each {@code occurred_at} {@code at} (whole microseconds, as stored): the instant the caller wrote
     * beside them, so that a consumer comparing the event's time with its own rows compares the same
     * instant the dispatcher keeps. Returns how many.
     */
    public int write(JdbcTemplate jdbc, List<Decided> events, Instant at) {
        if (events.isEmpty()) {
            return 0;
        }
        Map<SubscriptionId, Hook> hooks = hooks(
                jdbc,
                events.stream()
                        .map(d -> d.event().subscription().value())
                        .distinct()
                        .toList());
        List<Decided> known = events.stream()
                .filter(d -> hooks.containsKey(d.event().subscription()))
                .toList();
        jdbc.batchUpdate(INSERT, known, known.size(), (statement, decided) -> {
            OperationalEvent event = decided.event();
            UUID id = UUID.randomUUID();
            statement.setObject(1, id);
            statement.setObject(2, event.subscription().value());
            statement.setString(3, event.type().value());
            statement.setString(4, json.writeValueAsString(payload(id, at, hooks.get(event.subscription()), event)));
            statement.setTimestamp(5, Timestamp.from(at));
            statement.setString(6, decided.traceparent());
        });
        return known.size();
    }

    private ObjectNode payload(UUID id, Instant at, Hook hook, OperationalEvent event) {
        ObjectNode payload = json.createObjectNode();
        payload.put("type", event.type().value());
        payload.put("event_id", id.toString());
        payload.put("occurred_at", MICROSECONDS.format(at));
        payload.put("owner_id", hook.owner().toString());
        payload.put("hook_id", hook.id().toString());
        payload.put("targetUrl", DownstreamTargetUrl.of(hook.targetUrl()));
        payload.put(
                "propertyId",
                hook.propertyId() == null ? null : hook.propertyId().toString());
        switch (event) {
            case OperationalEvent.HookFailing failing -> {
                payload.put("last_http_status", failing.lastHttpStatus());
                payload.put("last_error", failing.lastError());
                payload.put("consecutive_failures", failing.consecutiveFailures());
            }
            case OperationalEvent.DeliveryAbandoned abandoned -> {
                payload.put("enquiry_id", abandoned.enquiry().toString());
                payload.put("attempts", abandoned.attempts());
            }
            case OperationalEvent.HookDisabled disabled -> {
                payload.put(
                        "failing_since",
                        disabled.failingSince() == null ? null : MICROSECONDS.format(disabled.failingSince()));
                payload.put("last_http_status", disabled.lastHttpStatus());
                payload.put("last_error", disabled.lastError());
                payload.put("reason", disabled.reason());
            }
            case OperationalEvent.HookRecovered recovered -> {}
            case OperationalEvent.HookUnsubscribed unsubscribed -> {}
        }
        return payload;
    }

    private static Map<SubscriptionId, Hook> hooks(JdbcTemplate jdbc, List<UUID> ids) {
        Map<SubscriptionId, Hook> hooks = new HashMap<>();
        Array array = SqlArrays.of(jdbc, "uuid", ids);
        jdbc.query(
                HOOKS,
                (ResultSet rs) -> {
                    Hook hook = new Hook(
                            SubscriptionId.of(rs.getObject("id", UUID.class)),
                            OwnerId.of(rs.getObject("owner_id", UUID.class)),
                            rs.getString("target_url"),
                            rs.getObject("property_id", UUID.class));
                    hooks.put(hook.id(), hook);
                },
                array);
        return hooks;
    }
}
