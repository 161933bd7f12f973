package com.holidaylistings.integration.dispatcher.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.retrytopic.RetryTopicHeaders;

class RetryHeadersTest {

    private static final Instant AT = Instant.parse("2026-11-20T09:15:30.123Z");

    @Test
    void countsARecordWithoutAttemptsHeaderAsTheFirstAttempt() {
        assertThat(RetryHeaders.attempt(record())).isEqualTo(1);
    }

    @Test
    void readsTheAttemptWrittenAsAFourByteInt() {
        ConsumerRecord<String, String> record = record();
        record.headers().add(RetryTopicHeaders.DEFAULT_HEADER_ATTEMPTS, ByteBuffer.allocate(4).putInt(3).array());

        assertThat(RetryHeaders.attempt(record)).isEqualTo(3);
    }

    @Test
    void readsTheAttemptWrittenAsBigIntegerBytes() {
        ConsumerRecord<String, String> one = record();
        one.headers().add(RetryTopicHeaders.DEFAULT_HEADER_ATTEMPTS, BigInteger.valueOf(4).toByteArray());
        ConsumerRecord<String, String> two = record();
        two.headers().add(RetryTopicHeaders.DEFAULT_HEADER_ATTEMPTS, BigInteger.valueOf(300).toByteArray());

        assertThat(RetryHeaders.attempt(one)).isEqualTo(4);
        assertThat(RetryHeaders.attempt(two)).isEqualTo(300);
    }

    @Test
    void readsTheLastAttemptsHeader() {
        ConsumerRecord<String, String> record = record();
        record.headers().add(RetryTopicHeaders.DEFAULT_HEADER_ATTEMPTS, ByteBuffer.allocate(4).putInt(2).array());
        record.headers().add(RetryTopicHeaders.DEFAULT_HEADER_ATTEMPTS, ByteBuffer.allocate(4).putInt(3).array());

        assertThat(RetryHeaders.attempt(record)).isEqualTo(3);
    }

    @Test
    void readsWhenARetryWasDueFromBigIntegerBytes() {
        ConsumerRecord<String, String> record = record();
        record.headers().add(RetryTopicHeaders.DEFAULT_HEADER_BACKOFF_TIMESTAMP,
                BigInteger.valueOf(AT.toEpochMilli()).toByteArray());

        assertThat(RetryHeaders.dueAt(record)).isEqualTo(AT);
    }

    @Test
    void hasNoDueTimeForAFirstAttempt() {
        assertThat(RetryHeaders.dueAt(record())).isNull();
    }

    @Test
    void readsBackTheNotBeforeItWrites() {
        ConsumerRecord<String, String> record = record();
        record.headers().add(RetryHeaders.NOT_BEFORE, RetryHeaders.encode(AT));

        assertThat(RetryHeaders.notBefore(record)).isEqualTo(AT);
        assertThat(RetryHeaders.encode(AT)).isEqualTo(BigInteger.valueOf(AT.toEpochMilli()).toByteArray());
    }

    @Test
    void hasNoNotBeforeUnlessAReceiverAskedForOne() {
        assertThat(RetryHeaders.notBefore(record())).isNull();
    }

    private static ConsumerRecord<String, String> record() {
        return new ConsumerRecord<>("webhook.deliveries-retry-0", 0, 42L, "subscription", "{}");
    }
}
