package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.dispatcher.DeliveryTopics;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Receives delivery records from {@code webhook.deliveries} and its retry topics; returns at once
 * with the attempt's future, so offsets are committed (out of order) as attempts finish.
 */
@Component(DeliveryListener.BEAN_NAME)
class DeliveryListener {

    static final String BEAN_NAME = "deliveryListener";
    private static final Logger log = LoggerFactory.getLogger(DeliveryListener.class);

    private final WebhookDelivery delivery;
    private final DeliveryMetrics metrics;

    DeliveryListener(WebhookDelivery delivery, DeliveryMetrics metrics) {
        this.delivery = delivery;
        this.metrics = metrics;
    }

    @KafkaListener(id = "webhook-deliveries", topics = DeliveryTopics.DELIVERIES)
    CompletableFuture<Void> deliver(ConsumerRecord<String, String> record) throws InterruptedException {
        return delivery.deliver(record);
    }

    /** The last retry failed: the attempt is already stored as abandoned; the record stays in the dead letters for replay. */
    void onAbandoned(ConsumerRecord<String, String> record) {
        metrics.deadLettered();
        log.warn("Delivery abandoned after the last retry: subscription {}", record.key());
    }
}
