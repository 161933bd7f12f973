package com.holidaylistings.integration.ingest.relay;

import io.debezium.embedded.Connect;
import io.debezium.engine.DebeziumEngine;
import io.debezium.engine.RecordChangeEvent;
import io.debezium.engine.format.ChangeEventFormat;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.connect.source.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The Debezium embedded engine as one lifecycle object. Each batch of changes is published and
 * acknowledged by Kafka before its offsets are marked processed: at least once, never skipped.
 * A stopped or failed engine cannot run again, so every start builds a new one.
 */
@Component
public class OutboxRelay {

    private static final Logger log = LoggerFactory.getLogger(OutboxRelay.class);

    /** Where the engine is in its life. */
    public enum State {
        STOPPED,
        STARTING,
        STREAMING,
        FAILED
    }

    private final DebeziumSettings settings;
    private final EventPublisher publisher;
    private final RelayTopics topics;
    private volatile State state = State.STOPPED;
    private volatile String failure;
    private DebeziumEngine<RecordChangeEvent<SourceRecord>> engine;
    private ExecutorService runner;

    OutboxRelay(DebeziumSettings settings, EventPublisher publisher, RelayTopics topics) {
        this.settings = settings;
        this.publisher = publisher;
        this.topics = topics;
    }

    public State state() {
        return state;
    }

    public String failure() {
        return failure;
    }

    /** Builds and starts a new engine, unless one is running. */
    public synchronized void start() {
        if (state == State.STARTING || state == State.STREAMING) {
            return;
        }
        state = State.STARTING;
        failure = null;
        try {
            topics.ensureExist();
        } catch (RuntimeException e) {
            fail("topics not available: " + e.getMessage(), e);
            return;
        }
        engine = DebeziumEngine.create(ChangeEventFormat.of(Connect.class))
                .using(settings.properties())
                .notifying(this::handleBatch)
                .using(new DebeziumEngine.ConnectorCallback() {
                    @Override
                    public void pollingStarted() {
                        state = State.STREAMING;
                        log.info("Outbox relay streaming");
                    }
                })
                .using((success, message, error) -> {
                    if (success || state == State.STOPPED) {
                        log.info("Outbox relay engine stopped: {}", message);
                    } else {
                        fail(message, error);
                    }
                })
                .build();
        runner = Executors.newSingleThreadExecutor(
                Thread.ofPlatform().name("outbox-relay").factory());
        runner.execute(engine);
    }

    /** Stops the engine cleanly: the batch in hand finishes and its offsets are flushed. */
    public synchronized void stop() {
        state = State.STOPPED;
        if (engine != null) {
            try {
                engine.close();
            } catch (IOException e) {
                log.warn("Outbox relay engine did not close cleanly", e);
            }
            engine = null;
        }
        if (runner != null) {
            runner.shutdown();
            try {
                if (!runner.awaitTermination(30, TimeUnit.SECONDS)) {
                    runner.shutdownNow();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            runner = null;
        }
    }

    private void handleBatch(
            List<RecordChangeEvent<SourceRecord>> records,
            DebeziumEngine.RecordCommitter<RecordChangeEvent<SourceRecord>> committer)
            throws InterruptedException {
        List<OutboxEvent> events = new ArrayList<>(records.size());
        for (RecordChangeEvent<SourceRecord> record : records) {
            OutboxChangeTranslator.translate(record.record()).ifPresent(events::add);
        }
        try {
            publisher.publish(events);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            // Nothing of this batch is marked processed: the next engine starts again from it.
            throw new IllegalStateException("Kafka did not acknowledge " + events.size() + " events", e);
        }
        for (RecordChangeEvent<SourceRecord> record : records) {
            committer.markProcessed(record);
        }
        committer.markBatchFinished();
    }

    private void fail(String message, Throwable error) {
        state = State.FAILED;
        failure = message;
        log.error("Outbox relay failed: {}", message, error);
    }
}
