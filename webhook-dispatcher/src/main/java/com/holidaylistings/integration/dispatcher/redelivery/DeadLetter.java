package com.holidaylistings.integration.dispatcher.redelivery;

import com.holidaylistings.integration.dispatcher.delivery.DeliveryRequest;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A record of the dead-letter topic: the delivery, and the number in the attempt log of its
 * attempt that was abandoned (null when the record does not say).
 */
record DeadLetter(DeliveryRequest delivery, Integer abandonedAttempt) {

    static DeadLetter of(DeliveryRequest delivery, ConsumerRecord<?, ?> record) {
        Integer abandonedStage = RetrySchedule.abandonedStage(record);
        return new DeadLetter(delivery, abandonedStage == null ? null : delivery.attemptNumber(abandonedStage));
    }

    /**
     * The delivery to queue again, its attempts numbered on after {@code lastAttempt} (the highest
     * logged); empty when the log has attempts after the abandoned one: the event was delivered
     * again since (redelivered from the portal or replayed before), and that newer delivery counts.
     */
    Optional<DeliveryRequest> replayAfter(int lastAttempt) {
        if (abandonedAttempt != null && lastAttempt > abandonedAttempt) {
            return Optional.empty();
        }
        return Optional.of(delivery.again(delivery.requestId(), lastAttempt));
    }
}
