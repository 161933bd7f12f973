package com.holidaylistings.integration.dispatcher.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.retrytopic.RetryTopicHeaders;

/** Where a failed delivery goes next, and what its record tells the retry topic's consumer. */
class RetryForwarderTest {

    private static final WebhookProperties SCHEDULE = Settings.withRetryDelays(
            Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3));
    private static final Instant FAILED_AT = Instant.parse("2026-11-20T09:15:30.123Z");

    @Test
    void sendsTheFirstFailureToTheFirstRetryTopicDueAfterTheFirstDelay() {
        ProducerRecord<String, String> next = RetryForwarder.next(
                record("webhook.deliveries"), 1, new DeliveryFailed("HTTP 500", FAILED_AT, null), FAILED_AT, SCHEDULE);

        assertThat(next.topic()).isEqualTo("webhook.deliveries-retry-0");
        assertThat(next.key()).isEqualTo("subscription");
        assertThat(next.value()).isEqualTo("{\"payload\":1}");
        assertThat(RetryHeaders.attempt(consumed(next))).isEqualTo(2);
        assertThat(RetryHeaders.dueAt(consumed(next))).isEqualTo(FAILED_AT.plusSeconds(1));
        assertThat(new String(next.headers().lastHeader(RetryForwarder.FAILURE_HEADER).value(), StandardCharsets.UTF_8))
                .isEqualTo("HTTP 500");
    }

    @Test
    void sendsTheThirdFailureToTheThirdRetryTopicDueAfterTheThirdDelay() {
        ProducerRecord<String, String> next = RetryForwarder.next(
                record("webhook.deliveries-retry-1"), 3, new DeliveryFailed("HTTP 500", FAILED_AT, null), FAILED_AT, SCHEDULE);

        assertThat(next.topic()).isEqualTo("webhook.deliveries-retry-2");
        assertThat(RetryHeaders.attempt(consumed(next))).isEqualTo(4);
        assertThat(RetryHeaders.dueAt(consumed(next))).isEqualTo(FAILED_AT.plusSeconds(3));
    }

    @Test
    void sendsTheLastFailureToTheDeadLetters() {
        ProducerRecord<String, String> next = RetryForwarder.next(
                record("webhook.deliveries-retry-2"), 4, new DeliveryFailed("HTTP 500", FAILED_AT, null), FAILED_AT, SCHEDULE);

        assertThat(next.topic()).isEqualTo("webhook.deliveries-dlt");
        assertThat(next.headers().lastHeader(RetryTopicHeaders.DEFAULT_HEADER_BACKOFF_TIMESTAMP)).isNull();
    }

    @Test
    void carriesTheWaitAReceiverAskedFor() {
        Instant notBefore = FAILED_AT.plusSeconds(2);

        ProducerRecord<String, String> next = RetryForwarder.next(
                record("webhook.deliveries"), 1, new DeliveryFailed("HTTP 429", FAILED_AT, notBefore), FAILED_AT, SCHEDULE);

        assertThat(RetryHeaders.notBefore(consumed(next))).isEqualTo(notBefore);
    }

    @Test
    void replacesTheRetryHeadersOfTheFailedRecordAndKeepsTheOthers() {
        ConsumerRecord<String, String> failed = record("webhook.deliveries-retry-0");
        failed.headers().add(RetryTopicHeaders.DEFAULT_HEADER_ATTEMPTS, BigInteger.valueOf(2).toByteArray());
        failed.headers().add(RetryHeaders.NOT_BEFORE, RetryHeaders.encode(FAILED_AT));
        failed.headers().add("trace-id", "abc".getBytes(StandardCharsets.UTF_8));

        ProducerRecord<String, String> next = RetryForwarder.next(
                failed, 2, new DeliveryFailed("HTTP 500", FAILED_AT, null), FAILED_AT, SCHEDULE);

        assertThat(next.headers().headers(RetryTopicHeaders.DEFAULT_HEADER_ATTEMPTS)).hasSize(1);
        assertThat(RetryHeaders.attempt(consumed(next))).isEqualTo(3);
        assertThat(next.headers().lastHeader(RetryHeaders.NOT_BEFORE)).isNull();
        assertThat(next.headers().headers("trace-id")).extracting(Header::value)
                .containsExactly("abc".getBytes(StandardCharsets.UTF_8));
    }

    private static ConsumerRecord<String, String> record(String topic) {
        return new ConsumerRecord<>(topic, 0, 7L, "subscription", "{\"payload\":1}");
    }

    /** The forwarded record as the next topic's consumer reads it. */
    private static ConsumerRecord<String, String> consumed(ProducerRecord<String, String> produced) {
        ConsumerRecord<String, String> record = new ConsumerRecord<>(produced.topic(), 0, 0L, produced.key(), produced.value());
        produced.headers().forEach(header -> record.headers().add(header));
        return record;
    }
}
