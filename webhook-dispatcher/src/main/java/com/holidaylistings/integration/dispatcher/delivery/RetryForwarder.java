package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.dispatcher.DeliveryTopics;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.retrytopic.RetryTopicHeaders;
import org.springframework.stereotype.Component;

/**
 * Moves a failed delivery on: to the retry topic of its next attempt, due after the scheduled
 * delay (the retry topic's consumer holds it until then), or to the dead-letter topic after the
 * last. The headers are the ones Spring Kafka's retry topics read.
 */
@Component
class RetryForwarder {

    static final String DEAD_LETTERS = DeliveryTopics.DELIVERIES + "-dlt";
    static final String FAILURE_HEADER = "webhook-failure";

    private final KafkaTemplate<String, String> kafka;
    private final WebhookProperties properties;
    private final Retry retry = Retry.of("retry-forward", RetryConfig.custom()
            .maxAttempts(10)
            .intervalFunction(IntervalFunction.ofExponentialBackoff(Duration.ofMillis(200), 2.0, Duration.ofSeconds(10)))
            .build());

    RetryForwarder(KafkaTemplate<String, String> kafka, WebhookProperties properties) {
        this.kafka = kafka;
        this.properties = properties;
    }

    /** Returns once Kafka has the forwarded record. */
    void forward(ConsumerRecord<String, String> failed, int attempt, DeliveryFailed failure, Instant failedAt) {
        ProducerRecord<String, String> next = next(failed, attempt, failure, failedAt, properties);
        retry.executeRunnable(() -> {
            try {
                kafka.send(next).get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("Could not forward a failed delivery to " + next.topic(), e);
            }
        });
    }

    static ProducerRecord<String, String> next(ConsumerRecord<String, String> failed,
            int attempt, DeliveryFailed failure, Instant failedAt, WebhookProperties properties) {
        Duration delay = properties.delayAfter(attempt);
        String topic = delay == null ? DEAD_LETTERS : DeliveryTopics.DELIVERIES + "-retry-" + (attempt - 1);
        ProducerRecord<String, String> next = new ProducerRecord<>(topic, failed.key(), failed.value());
        for (Header header : failed.headers()) {
            if (!header.key().startsWith("retry_topic-") && !header.key().startsWith("webhook-")) {
                next.headers().add(header);
            }
        }
        next.headers().add(RetryTopicHeaders.DEFAULT_HEADER_ATTEMPTS, ByteBuffer.allocate(Integer.BYTES).putInt(attempt + 1).array());
        next.headers().add(FAILURE_HEADER, failure.getMessage().getBytes(StandardCharsets.UTF_8));
        if (delay != null) {
            next.headers().add(RetryTopicHeaders.DEFAULT_HEADER_BACKOFF_TIMESTAMP,
                    BigInteger.valueOf(failedAt.plus(delay).toEpochMilli()).toByteArray());
        }
        if (failure.notBefore() != null) {
            next.headers().add(RetryHeaders.NOT_BEFORE, RetryHeaders.encode(failure.notBefore()));
        }
        return next;
    }
}
