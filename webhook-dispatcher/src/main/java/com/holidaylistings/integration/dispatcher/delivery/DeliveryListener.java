package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.dispatcher.DeliveryTopics;
import java.time.Instant;
import java.util.concurrent.CompletionException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.stereotype.Component;

/**
 * Receives delivery records from {@code webhook.deliveries} and, once each is due, from its retry
 * topics. It only starts the attempt and returns, so the consumer keeps consuming while receivers
 * answer; a record is acknowledged, in offset order, once its outcome is stored and, if it failed,
 * once it is safely on the next retry topic or the dead letters.
 */
@Component(DeliveryListener.BEAN_NAME)
class DeliveryListener {

    static final String BEAN_NAME = "deliveryListener";
    private static final Logger log = LoggerFactory.getLogger(DeliveryListener.class);

    private final WebhookDelivery delivery;
    private final RetryForwarder forwarder;
    private final InOrderAcks acks;
    private final DeliveryMetrics metrics;

    DeliveryListener(WebhookDelivery delivery, RetryForwarder forwarder, InOrderAcks acks, DeliveryMetrics metrics) {
        this.delivery = delivery;
        this.forwarder = forwarder;
        this.acks = acks;
        this.metrics = metrics;
    }

    @KafkaListener(id = "webhook-deliveries", groupId = "${spring.kafka.consumer.group-id}.deliveries",
            topics = DeliveryTopics.DELIVERIES,
            containerFactory = DeliveriesConfig.CONTAINER_FACTORY)
    void deliver(ConsumerRecord<String, String> record, Acknowledgment ack) throws InterruptedException {
        acks.started(record, ack);
        int attempt = RetryHeaders.attempt(record);
        delivery.deliver(record).whenComplete((done, error) -> {
            try {
                if (error != null) {
                    DeliveryFailed failed = failure(error);
                    forwarder.forward(record, attempt, failed, failed.failedAt());
                }
                acks.finished(record);
            } catch (RuntimeException e) {
                // Not acknowledged: the record is delivered again after a restart or rebalance.
                log.error("Could not move a failed delivery on; it stays uncommitted", e);
            }
        });
    }

    /** The last retry failed: the attempt is stored as abandoned; the record stays in the dead letters for replay. */
    void onAbandoned(ConsumerRecord<String, String> record, Acknowledgment ack) {
        metrics.deadLettered();
        log.warn("Delivery abandoned after the last retry: subscription {}", record.key());
        ack.acknowledge();
    }

    private static DeliveryFailed failure(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof DeliveryFailed failed) {
            return failed;
        }
        // Our own infrastructure failed (database away): the attempt is retried on the schedule.
        return new DeliveryFailed("not attempted: " + cause.getMessage(), Instant.now(), null);
    }
}
