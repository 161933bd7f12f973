package com.holidaylistings.integration.dispatcher.records;

import com.holidaylistings.integration.dispatcher.DeliveryTopics;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import com.holidaylistings.integration.dispatcher.tracing.TraceContinuation;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one place that writes and reads delivery records: the value is a {@link DeliveryTask} (ids and
 * the row's version, as JSON), the key its subscription's id (so that the records of one delivery share a
 * partition), the headers its stage and due time ({@link RetrySchedule}) and, written by the Kafka
 * template's observation, the enquiry's trace context.
 */
@Component
public class DeliveryRecords {

    private final JsonMapper json;
    private final RetrySchedule schedule;

    DeliveryRecords(JsonMapper json, RetrySchedule schedule) {
        this.json = json;
        this.schedule = schedule;
    }

    /** The record of {@code task}'s attempt at {@code stage}, due now, on {@code webhook.deliveries}. */
    public ProducerRecord<String, String> dueNow(DeliveryTask task, int stage) {
        return RetrySchedule.stamped(record(DeliveryTopics.DELIVERIES, task), stage, null);
    }

    /**
     * As {@link #dueNow(DeliveryTask, int)}, with {@code traceparent} as its trace context (none when
     * null), for a record sent without a span of its own ({@link DueNowRecords}): the attempt it
     * leads to is a child of that context's span.
     */
    ProducerRecord<String, String> dueNow(DeliveryTask task, int stage, String traceparent) {
        ProducerRecord<String, String> record = dueNow(task, stage);
        if (traceparent != null) {
            record.headers().add(TraceContinuation.TRACEPARENT, traceparent.getBytes(StandardCharsets.UTF_8));
        }
        return record;
    }

    /**
     * The record that carries a failed delivery on ({@code task}, at its row's version after the
     * attempt), as the schedule decided: a retry topic or the dead letters.
     */
    public ProducerRecord<String, String> after(DeliveryTask task, RetrySchedule.AfterFailure next) {
        return RetrySchedule.stamped(record(schedule.topicAfter(next), task), next.nextStage(), next.dueAt());
    }

    /** The task a record carries; null when it cannot be read (no retry would fix that). */
    public DeliveryTask read(ConsumerRecord<String, String> record) {
        try {
            return json.readValue(record.value(), DeliveryTask.class);
        } catch (JacksonException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The trace context the record carries ({@code traceparent}: the fan-out's, on a first record, or
     * the send span of a retry's forward under its previous attempt);
     * null without one.
     */
    public String traceparent(ConsumerRecord<String, String> record) {
        Header header = record.headers().lastHeader(TraceContinuation.TRACEPARENT);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    /** When the record was written due, for the lateness metric: null for a first attempt. */
    public Instant dueAt(ConsumerRecord<String, String> record) {
        return schedule.effectiveDueAt(record);
    }

    private ProducerRecord<String, String> record(String topic, DeliveryTask task) {
        return new ProducerRecord<>(topic, task.subscriptionId().toString(), json.writeValueAsString(task));
    }
}
