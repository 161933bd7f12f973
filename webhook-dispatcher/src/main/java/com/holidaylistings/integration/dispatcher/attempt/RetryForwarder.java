package com.holidaylistings.integration.dispatcher.attempt;

import com.holidaylistings.integration.dispatcher.records.DeliveryRecords;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.dispatcher.settings.WebhookProperties;
import com.holidaylistings.integration.dispatcher.transition.DeliveryTransitions;
import io.github.resilience4j.retry.Retry;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Moves a failed delivery's record on, as {@link DeliveryTransitions} decided: to the next retry
 * topic, where it waits until due, or to the dead letters after the last. It runs once the attempt
 * is stored, for the row's new version, so that no record ever runs ahead of its row. Answers once
 * Kafka has the record; a
 * send that keeps failing is retried by the forward policy ({@code webhook.forward-retry}), and then
 * answers false: the retry waits on its row instead.
 */
@Component
class RetryForwarder {

    private static final Logger log = LoggerFactory.getLogger(RetryForwarder.class);

    private final KafkaTemplate<String, String> kafka;
    private final DeliveryRecords records;
    private final Retry retry;
    private final DeliveryMetrics metrics;

    RetryForwarder(
            KafkaTemplate<String, String> kafka,
            DeliveryRecords records,
            WebhookProperties properties,
            DeliveryMetrics metrics) {
        this.kafka = kafka;
        this.records = records;
        this.retry = properties.forwardRetry().toRetry("retry-forward");
        this.metrics = metrics;
    }

    /** Whether Kafka took the record of {@code next}, the failed delivery at its row's new version. */
    boolean forward(DeliveryTask next, DeliveryTransitions.AfterAttempt after) {
        ProducerRecord<String, String> forwarded = records.after(next, after.movesOn());
        try {
            retry.executeRunnable(() -> send(forwarded));
        } catch (RuntimeException e) {
            log.error(
                    "Could not put delivery {} on {}; it waits on its row instead",
                    next.webhookId(),
                    forwarded.topic(),
                    e);
            return false;
        }
        if (after.movesOn().abandoned()) {
            metrics.deadLettered();
            log.warn(
                    "Delivery {} abandoned after the last retry: subscription {}",
                    next.webhookId(),
                    next.subscriptionId());
        }
        return true;
    }

    private void send(ProducerRecord<String, String> record) {
        try {
            kafka.send(record).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while forwarding a failed delivery", e);
        } catch (Exception e) {
            throw new IllegalStateException("Could not forward a failed delivery to " + record.topic(), e);
        }
    }
}
