package com.holidaylistings.integration.dispatcher.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.events.delivery.WebhookIds;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** What a delivery record carries (ids and the attempt, no payload) and where it goes after a failure. */
class DeliveryRecordsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final RetrySchedule SCHEDULE =
            new RetrySchedule(List.of(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3)));
    private static final UUID EVENT = UUID.fromString("3f1c9a52-6f0e-4a8e-9d51-2b7f0c4e8a11");
    private static final SubscriptionId SUBSCRIPTION =
            SubscriptionId.of(UUID.fromString("7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b"));
    private static final OwnerId OWNER = OwnerId.of(UUID.fromString("0b7c9d7e-2f4a-4c1b-9e8d-5a6b7c8d9e0f"));
    private static final Instant SUBMITTED = Instant.parse("2026-11-22T10:15:30.123456Z");
    private static final Instant FAILED_AT = Instant.parse("2026-11-22T10:16:00.000Z");

    private final DeliveryRecords records = new DeliveryRecords(JSON, SCHEDULE);

    private static DeliveryTask firstAttempt() {
        return new DeliveryTask(WebhookIds.of(EVENT, SUBSCRIPTION), SUBMITTED, SUBSCRIPTION, OWNER, 0);
    }

    @Test
    void putsAFirstAttemptOnTheDeliveriesTopicKeyedBySubscriptionWithIdsOnly() {
        ProducerRecord<String, String> record = records.dueNow(firstAttempt(), 1);

        assertThat(record.topic()).isEqualTo("webhook.deliveries");
        assertThat(record.key()).isEqualTo(SUBSCRIPTION.toString());
        assertThat(JSON.readTree(record.value()).propertyNames())
                .containsExactlyInAnyOrder("webhookId", "submittedAt", "subscriptionId", "ownerId", "version");
        assertThat(JSON.readTree(record.value()).get("subscriptionId").asString())
                .isEqualTo(SUBSCRIPTION.toString());
        ConsumerRecord<String, String> consumed = consumed(record);
        assertThat(RetrySchedule.stageOf(consumed)).isEqualTo(1);
        assertThat(records.dueAt(consumed)).as("a first attempt is due at once").isNull();
    }

    @Test
    void readsBackTheTaskItWrites() {
        DeliveryTask task = firstAttempt();

        assertThat(records.read(consumed(records.dueNow(task, 1)))).isEqualTo(task);
    }

    @Test
    void putsADeliveryDueOnItsRowBackAtItsStage() {
        DeliveryTask task = new DeliveryTask(firstAttempt().webhookId(), SUBMITTED, SUBSCRIPTION, OWNER, 3);

        ProducerRecord<String, String> record = records.dueNow(task, 3);

        assertThat(record.topic()).isEqualTo("webhook.deliveries");
        assertThat(RetrySchedule.stageOf(consumed(record))).isEqualTo(3);
        assertThat(records.read(consumed(record)).version()).isEqualTo(3);
    }

    @Test
    void sendsAFailedAttemptOnToTheNextRetryTopicForItsRowsNewVersion() {
        ProducerRecord<String, String> record =
                records.after(firstAttempt().at(1), SCHEDULE.afterFailure(1, FAILED_AT, 500, null));

        assertThat(record.topic()).isEqualTo("webhook.deliveries-retry-0");
        assertThat(record.key()).isEqualTo(SUBSCRIPTION.toString());
        ConsumerRecord<String, String> consumed = consumed(record);
        assertThat(records.read(consumed))
                .isEqualTo(new DeliveryTask(firstAttempt().webhookId(), SUBMITTED, SUBSCRIPTION, OWNER, 1));
        assertThat(RetrySchedule.stageOf(consumed)).isEqualTo(2);
        assertThat(RetrySchedule.dueAt(consumed)).isEqualTo(FAILED_AT.plusSeconds(1));
    }

    @Test
    void sendsTheLastFailedAttemptToTheDeadLetters() {
        DeliveryTask last = new DeliveryTask(firstAttempt().webhookId(), SUBMITTED, SUBSCRIPTION, OWNER, 4);

        ProducerRecord<String, String> record = records.after(last, SCHEDULE.afterFailure(4, FAILED_AT, 500, null));

        assertThat(record.topic()).isEqualTo(RetrySchedule.DEAD_LETTERS);
        assertThat(records.read(consumed(record))).isEqualTo(last);
        assertThat(RetrySchedule.dueAt(consumed(record))).isNull();
    }

    @Test
    void passesOverARecordItCannotRead() {
        assertThat(records.read(new ConsumerRecord<>("webhook.deliveries", 0, 0L, "key", "{\"webhookId\":")))
                .isNull();
        assertThat(records.read(new ConsumerRecord<>(
                        "webhook.deliveries", 0, 0L, "key", "{\"subscriptionId\":\"" + SUBSCRIPTION + "\"}")))
                .as("without what a delivery needs")
                .isNull();
        assertThat(records.read(new ConsumerRecord<>(
                        "webhook.deliveries",
                        0,
                        0L,
                        "key",
                        JSON.writeValueAsString(new DeliveryTask("msg_1", SUBMITTED, SUBSCRIPTION, OWNER, 1))
                                .replace("\"version\":1", "\"version\":-1"))))
                .as("a negative version")
                .isNull();
    }

    @Test
    void readsARecordOfAnOlderDispatcherAsVersionZero() {
        String older = "{\"webhookId\":\"msg_1\",\"submittedAt\":\"" + SUBMITTED + "\",\"subscriptionId\":\""
                + SUBSCRIPTION + "\",\"ownerId\":\"" + OWNER + "\",\"attempt\":2}";
        assertThat(records.read(new ConsumerRecord<>("webhook.deliveries-retry-0", 0, 0L, "key", older)))
                .isEqualTo(new DeliveryTask("msg_1", SUBMITTED, SUBSCRIPTION, OWNER, 0));
    }

    @Test
    void refusesATaskWithoutWhatADeliveryNeeds() {
        assertThatThrownBy(() -> new DeliveryTask(null, SUBMITTED, SUBSCRIPTION, OWNER, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DeliveryTask("msg_1", SUBMITTED, SUBSCRIPTION, null, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DeliveryTask("msg_1", SUBMITTED, SUBSCRIPTION, OWNER, -1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static ConsumerRecord<String, String> consumed(ProducerRecord<String, String> produced) {
        ConsumerRecord<String, String> record =
                new ConsumerRecord<>(produced.topic(), 0, 0L, produced.key(), produced.value());
        produced.headers().forEach(header -> record.headers().add(header));
        return record;
    }
}
