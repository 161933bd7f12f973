package com.holidaylistings.integration.dispatcher.operational;

import com.holidaylistings.integration.dispatcher.BatchDrain;
import com.holidaylistings.integration.dispatcher.tracing.TraceContinuation;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Publishes the outbox {@code operational_events} to {@code webhook.operational}. Every
 * {@code WEBHOOK_OPERATIONAL_POLL_INTERVAL}, in one transaction: lock up to 100 rows, oldest first
 * (skipping those another replica holds, so every replica may run it), send each (key: the hook id;
 * headers {@code event-id}, {@code event-type}), wait for Kafka's acknowledgements, then delete the
 * rows. A failure rolls back and the next poll sends them again: at least once, with the same
 * {@code event_id}. Each is sent in an {@code operational event published} span continuing the row's
 * {@code traceparent} (the attempt that decided it, in its enquiry's trace), so that the send and its
 * record's {@code traceparent} header are in that trace; a row without one is sent in a trace of its
 * own. Counts what it published in {@code webhook.operational.events} by type.
 */
@Component
class OperationalPoller implements SchedulingConfigurer {

    static final int BATCH = 100;
    static final String PUBLISH = "webhook.operational.publish";
    private static final Logger log = LoggerFactory.getLogger(OperationalPoller.class);

    private record Row(UUID id, UUID hookId, OperationalEventType type, String payload, String traceparent) {}

    private final JdbcTemplate jdbc;
    private final KafkaTemplate<String, String> kafka;
    private final TransactionTemplate transaction;
    private final MeterRegistry registry;
    private final TraceContinuation traces;
    private final Duration interval;

    OperationalPoller(
            JdbcTemplate jdbc,
            KafkaTemplate<String, String> kafka,
            TransactionTemplate transaction,
            MeterRegistry registry,
            TraceContinuation traces,
            OperationalProperties properties) {
        this.traces = traces;
        this.jdbc = jdbc;
        this.kafka = kafka;
        this.transaction = transaction;
        this.registry = registry;
        this.interval = properties.pollInterval();
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        registrar.addFixedDelayTask(this::poll, interval);
    }

    void poll() {
        BatchDrain.drain(this::publishBatch, BATCH, interval, log, "Could not publish operational events");
    }

    /** Publishes up to {@link #BATCH} events; returns how many. */
    int publishBatch() {
        List<Row> published = transaction.execute(status -> {
            List<Row> rows = jdbc.query(
                    """
                            select id, hook_id, type, payload::text as payload, traceparent from operational_events
                             order by created_at, id limit ? for update skip locked
                            """,
                    (rs, n) -> new Row(
                            rs.getObject("id", UUID.class),
                            rs.getObject("hook_id", UUID.class),
                            OperationalEventType.of(rs.getString("type")),
                            rs.getString("payload"),
                            rs.getString("traceparent")),
                    BATCH);
            if (rows.isEmpty()) {
                return rows;
            }
            List<CompletableFuture<?>> sends = new ArrayList<>();
            for (Row row : rows) {
                ProducerRecord<String, String> record =
                        new ProducerRecord<>(OperationalTopic.NAME, row.hookId().toString(), row.payload());
                record.headers()
                        .add(
                                OperationalTopic.EVENT_ID_HEADER,
                                row.id().toString().getBytes(StandardCharsets.UTF_8));
                record.headers()
                        .add(
                                OperationalTopic.EVENT_TYPE_HEADER,
                                row.type().value().getBytes(StandardCharsets.UTF_8));
                if (row.traceparent() == null) {
                    sends.add(kafka.send(record));
                } else {
                    traces.continuing(PUBLISH, "operational event published", row.traceparent())
                            .lowCardinalityKeyValue("event.type", row.type().value())
                            .highCardinalityKeyValue("event.id", row.id().toString())
                            .observe(() -> sends.add(kafka.send(record)));
                }
            }
            awaitAcks(sends);
            jdbc.batchUpdate(
                    "delete from operational_events where id = ?",
                    rows,
                    rows.size(),
                    (statement, row) -> statement.setObject(1, row.id()));
            return rows;
        });
        if (published == null) {
            return 0;
        }
        published.forEach(row -> registry.counter(
                        "webhook.operational.events", "type", row.type().value())
                .increment());
        return published.size();
    }

    private static void awaitAcks(List<CompletableFuture<?>> sends) {
        try {
            CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Kafka did not acknowledge every operational event", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while publishing operational events", e);
        }
    }
}
