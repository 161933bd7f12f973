package com.holidaylistings.integration.dispatcher.delivery;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.springframework.kafka.retrytopic.RetryTopicHeaders;

/** What a delivery record carries about its retries: which attempt this is, when it was due, and any receiver-requested wait. */
public final class RetryHeaders {

    /** Set when a receiver's Retry-After asks for a later retry than the schedule. */
    static final String NOT_BEFORE = "webhook-not-before";

    private RetryHeaders() {}

    /**
     * The record's place in the retry schedule: 1 for the first attempt, then one more per retry
     * topic; on the dead letters, one more than the attempt that was abandoned.
     */
    public static int attempt(ConsumerRecord<?, ?> record) {
        Header header = record.headers().lastHeader(RetryTopicHeaders.DEFAULT_HEADER_ATTEMPTS);
        if (header == null) {
            return 1;
        }
        byte[] value = header.value();
        return value.length == Integer.BYTES ? ByteBuffer.wrap(value).getInt() : new BigInteger(value).intValue();
    }

    /** When the retry schedule made this record due; null for a first attempt. */
    static Instant dueAt(ConsumerRecord<?, ?> record) {
        Header header = record.headers().lastHeader(RetryTopicHeaders.DEFAULT_HEADER_BACKOFF_TIMESTAMP);
        return header == null ? null : Instant.ofEpochMilli(new BigInteger(header.value()).longValue());
    }

    static Instant notBefore(ConsumerRecord<?, ?> record) {
        Header header = record.headers().lastHeader(NOT_BEFORE);
        return header == null ? null : Instant.ofEpochMilli(new BigInteger(header.value()).longValue());
    }

    /** Timestamps are written as Spring writes its own: the big-endian bytes of a BigInteger. */
    static byte[] encode(Instant instant) {
        return BigInteger.valueOf(instant.toEpochMilli()).toByteArray();
    }
}
