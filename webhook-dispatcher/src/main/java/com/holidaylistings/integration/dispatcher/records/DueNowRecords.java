package com.holidaylistings.integration.dispatcher.records;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.stereotype.Component;

/**
 * Sends the fan-out's first delivery records, due now, in bursts. Each carries its enquiry's trace
 * context in its {@code traceparent} header and is sent without a span of its own (the template is
 * not observed): a span per record, thousands in a burst, cost more than the fan-out itself. The
 * attempt each leads to is a child of that context's span. (Deliveries taken from their rows go to
 * the lanes without a record: {@link com.holidaylistings.integration.dispatcher.intake.DeliveryListener#onDueRow}.)
 */
@Component
public class DueNowRecords {

    /** A delivery's first record: its task and the trace it continues (or none). */
    public record DueNow(DeliveryTask task, String traceparent) {}

    private final DeliveryRecords records;
    private final KafkaTemplate<String, String> kafka;

    DueNowRecords(DeliveryRecords records, ProducerFactory<String, String> producers) {
        this.records = records;
        this.kafka = new KafkaTemplate<>(producers);
    }

    /** Sends them all and returns once Kafka has acknowledged every one (or throws, after at most 30 s). */
    public void sendAll(List<DueNow> due) {
        CompletableFuture<?>[] sent = due.stream()
                .map(d -> kafka.send(records.dueNow(d.task(), 1, d.traceparent())))
                .toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(sent).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Kafka did not acknowledge every delivery record due now", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while sending delivery records due now", e);
        }
    }
}
