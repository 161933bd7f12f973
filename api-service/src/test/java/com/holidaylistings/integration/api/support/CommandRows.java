package com.holidaylistings.integration.api.support;

import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * The delivery commands api-service wrote to its outbox, as the relay will publish them: each row's
 * key (aggregate id), event type and request id checked against its command.
 */
public final class CommandRows {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final JdbcClient jdbc;

    public CommandRows(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The commands keyed {@code key} (a hook's, or an owner's replay), oldest first: by the time they
     * were written, then (a recover's commands share their transaction's time) by their event's
     * submission.
     */
    public List<DeliveryCommand> of(UUID key) {
        return jdbc.sql("""
                        select id, aggregate_id, event_type, payload::text as payload, request_id from outbox
                         where aggregate_id = :key and event_type in (:types)
                         order by created_at, cast(payload ->> 'submitted_at' as timestamptz), id
                        """)
                .param("key", key)
                .param("types", DeliveryCommand.TYPES)
                .query((rs, n) -> {
                    DeliveryCommand command = JSON.readValue(rs.getString("payload"), DeliveryCommand.class);
                    if (!command.commandId().equals(rs.getObject("id", UUID.class))
                            || !command.key().equals(rs.getObject("aggregate_id", UUID.class))
                            || !command.type().equals(rs.getString("event_type"))
                            || !Objects.equals(command.requestId(), rs.getString("request_id"))) {
                        throw new IllegalStateException("The outbox row does not match its command: " + command);
                    }
                    return command;
                })
                .list();
    }

    /** The commands of one type keyed {@code key}. */
    public <T extends DeliveryCommand> List<T> of(UUID key, Class<T> type) {
        return of(key).stream().filter(type::isInstance).map(type::cast).toList();
    }
}
