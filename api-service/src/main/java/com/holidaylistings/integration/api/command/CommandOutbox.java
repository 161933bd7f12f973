package com.holidaylistings.integration.api.command;

import com.holidaylistings.integration.api.tracing.CurrentTraceParent;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes {@link DeliveryCommand}s to the outbox, in the caller's transaction (the one that checked the
 * request), for enquiry-ingest to relay to {@code delivery.commands}: a row's id is the command id, its
 * aggregate id the record's key, its event type the command's type, and it keeps the request id and
 * the request's trace context as an enquiry's event does. A recover's thousands of commands go in one
 * batch.
 */
@Repository
public class CommandOutbox {

    static final String AGGREGATE_TYPE = "delivery";
    private static final String INSERT = """
            insert into outbox (id, aggregate_type, aggregate_id, event_type, payload, request_id, traceparent)
            values (?, ?, ?, ?, cast(? as json), ?, ?)
            """;

    private final JdbcTemplate jdbc;
    private final ObjectWriter writer;
    private final CurrentTraceParent traceParent;

    CommandOutbox(JdbcTemplate jdbc, JsonMapper json, CurrentTraceParent traceParent) {
        this.jdbc = jdbc;
        this.writer = json.writerFor(DeliveryCommand.class);
        this.traceParent = traceParent;
    }

    public void write(DeliveryCommand command) {
        writeAll(List.of(command));
    }

    public void writeAll(List<? extends DeliveryCommand> commands) {
        if (commands.isEmpty()) {
            return;
        }
        String traceparent = traceParent.value();
        jdbc.batchUpdate(INSERT, commands, 500, (statement, command) -> {
            statement.setObject(1, command.commandId());
            statement.setString(2, AGGREGATE_TYPE);
            statement.setObject(3, command.key());
            statement.setString(4, command.type());
            statement.setString(5, writer.writeValueAsString(command));
            statement.setString(6, command.requestId());
            statement.setString(7, traceparent);
        });
    }
}
