package com.holidaylistings.integration.dispatcher.delivery;

import com.holidaylistings.integration.dispatcher.retry.DueTimeHold;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.stereotype.Component;

/**
 * Receives the delivery records of every stage ({@code webhook.deliveries} and, once each is due,
 * its retry topics). It only starts the attempt and returns, so the consumer keeps consuming while
 * receivers answer; a record is acknowledged, in offset order, once its outcome is stored and, if
 * it failed, once it is safely on the next retry topic or the dead letters.
 */
@Component
class DeliveryListener {

    private static final Logger log = LoggerFactory.getLogger(DeliveryListener.class);

    private final DeliveryScheduler scheduler;
    private final RetryForwarder forwarder;
    private final InOrderAcks acks;

    DeliveryListener(DeliveryScheduler scheduler, RetryForwarder forwarder, InOrderAcks acks) {
        this.scheduler = scheduler;
        this.forwarder = forwarder;
        this.acks = acks;
    }

    void onDelivery(ConsumerRecord<String, String> record, Acknowledgment ack, Consumer<?, ?> consumer,
            DueTimeHold hold) throws InterruptedException {
        if (hold.holds(record, consumer)) {
            return;
        }
        acks.started(record, ack);
        scheduler.submit(record).thenAccept(result -> {
            try {
                if (result.movesOn()) {
                    forwarder.forward(record, result.next(), result.reason());
                }
                acks.finished(record);
            } catch (RuntimeException e) {
                // Not acknowledged: the record is delivered again after a restart or rebalance.
                log.error("Could not move a failed delivery on; it stays uncommitted", e);
            }
        });
    }
}
