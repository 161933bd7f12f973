package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import io.github.resilience4j.retry.Retry;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Moves a failed delivery on, as the {@link RetrySchedule} decided: to the next retry topic, where
 * it waits until due, or to the dead letters after the last. Returns once Kafka has the record;
 * a send that keeps failing is retried by the forward policy ({@code webhook.forward-retry}) and then
 * thrown, and the failed record is then not acknowledged: it is delivered again after a restart or
 * rebalance rather than lost.
 */
@Component
class RetryForwarder {

    private static final Logger log = LoggerFactory.getLogger(RetryForwarder.class);

    private final KafkaTemplate<String, String> kafka;
    private final RetrySchedule schedule;
    private final Retry retry;
    private final DeliveryMetrics metrics;

    RetryForwarder(KafkaTemplate<String, String> kafka, RetrySchedule schedule, WebhookProperties properties,
            DeliveryMetrics metrics) {
        this.kafka = kafka;
        this.schedule = schedule;
        this.retry = properties.forwardRetry().toRetry("retry-forward");
        this.metrics = metrics;
    }

    void forward(ConsumerRecord<String, String> failed, RetrySchedule.AfterFailure next, String reason) {
        ProducerRecord<String, String> forwarded = schedule.forward(failed, next, reason);
        retry.executeRunnable(() -> {
            try {
                kafka.send(forwarded).get(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while forwarding a failed delivery", e);
            } catch (Exception e) {
                throw new IllegalStateException("Could not forward a failed delivery to " + forwarded.topic(), e);
            }
        });
        if (next.abandoned()) {
            metrics.deadLettered();
            log.warn("Delivery abandoned after the last retry: subscription {}", failed.key());
        }
    }
}
