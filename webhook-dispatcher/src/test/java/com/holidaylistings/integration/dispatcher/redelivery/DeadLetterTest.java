package com.holidaylistings.integration.dispatcher.redelivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.dispatcher.delivery.DeliveryRequest;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.retrytopic.RetryTopicHeaders;

class DeadLetterTest {

    private static final UUID SUBSCRIPTION = UUID.fromString("7d2e4b1a-0c3f-4e5d-8a9b-1c2d3e4f5a6b");
    private static final String EVENT = "3f1c9a52-6f0e-4a8e-9d51-2b7f0c4e8a11";

    private static DeliveryRequest aFirstDelivery() {
        return new DeliveryRequest(SUBSCRIPTION, UUID.randomUUID(), EVENT, DeliveryRequest.webhookIdOf(EVENT, SUBSCRIPTION),
                Instant.parse("2026-11-22T10:15:30Z"), "{}", "intake-1", null);
    }

    /** A dead letter as the retry path writes it after {@code attempts} attempts: the header names the next one. */
    private static ConsumerRecord<String, String> deadLetterAfter(int attempts) {
        ConsumerRecord<String, String> record = new ConsumerRecord<>("webhook.deliveries-dlt", 0, 0, SUBSCRIPTION.toString(), "{}");
        record.headers().add(RetryTopicHeaders.DEFAULT_HEADER_ATTEMPTS, ByteBuffer.allocate(Integer.BYTES).putInt(attempts + 1).array());
        return record;
    }

    @Test
    void knowsWhichAttemptOfAFirstDeliveryWasAbandoned() {
        assertThat(DeadLetter.of(aFirstDelivery(), deadLetterAfter(4)).abandonedAttempt()).isEqualTo(4);
    }

    @Test
    void knowsWhichAttemptOfADeliveryMadeAgainWasAbandoned() {
        DeliveryRequest again = aFirstDelivery().again("portal-1", 4);

        assertThat(DeadLetter.of(again, deadLetterAfter(4)).abandonedAttempt()).isEqualTo(8);
    }

    @Test
    void replaysWithTheSameWebhookIdNumberingOnAfterTheAbandonedAttempt() {
        DeliveryRequest delivery = aFirstDelivery();

        DeliveryRequest replay = DeadLetter.of(delivery, deadLetterAfter(4)).replayAfter(4).orElseThrow();

        assertThat(replay.firstAttempt()).isEqualTo(5);
        assertThat(replay.webhookId()).isEqualTo(delivery.webhookId());
        assertThat(replay.payload()).isEqualTo(delivery.payload());
        assertThat(replay.requestId()).isEqualTo("intake-1");
    }

    @Test
    void skipsADeadLetterWhoseEventWasDeliveredAgainSince() {
        assertThat(DeadLetter.of(aFirstDelivery(), deadLetterAfter(4)).replayAfter(5)).isEmpty();
        assertThat(DeadLetter.of(aFirstDelivery().again(null, 4), deadLetterAfter(4)).replayAfter(9)).isEmpty();
    }

    @Test
    void numbersOnAfterTheLoggedAttemptsWhenSomeWereNeverMade() {
        // Attempts that failed before reaching the receiver (our database away) are not in the log.
        DeliveryRequest replay = DeadLetter.of(aFirstDelivery(), deadLetterAfter(4)).replayAfter(2).orElseThrow();

        assertThat(replay.firstAttempt()).isEqualTo(3);
    }

    @Test
    void replaysADeadLetterWithoutRetryHeadersAfterWhateverIsLogged() {
        ConsumerRecord<String, String> bare = new ConsumerRecord<>("webhook.deliveries-dlt", 0, 0, SUBSCRIPTION.toString(), "{}");

        DeadLetter letter = DeadLetter.of(aFirstDelivery(), bare);

        assertThat(letter.abandonedAttempt()).isNull();
        assertThat(letter.replayAfter(7).orElseThrow().firstAttempt()).isEqualTo(8);
    }
}
