package com.holidaylistings.integration.dispatcher.redelivery;

import com.holidaylistings.integration.dispatcher.delivery.DeliveryRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Queues the redeliveries that the owner portal asked for (api-service marks them in
 * {@code failed_deliveries}; it has no Kafka client). Every {@code WEBHOOK_REDELIVERY_POLL_INTERVAL},
 * in one transaction: lock up to 100 requested rows (skipping those another replica holds), put each
 * delivery on {@code webhook.deliveries} with the requesting request's id and its attempt numbers
 * continuing the log, wait for Kafka's acknowledgements, then clear the requests. A failure rolls the
 * transaction back and the next poll tries again, so a redelivery is queued at least once.
 */
@Component
class RedeliveryPoller implements SchedulingConfigurer {

    static final int BATCH = 100;
    private static final Logger log = LoggerFactory.getLogger(RedeliveryPoller.class);

    private final FailedDeliveries failedDeliveries;
    private final Requeue requeue;
    private final TransactionTemplate transaction;
    private final JsonMapper json;
    private final Duration interval;

    RedeliveryPoller(FailedDeliveries failedDeliveries, Requeue requeue, TransactionTemplate transaction,
            JsonMapper json, RedeliveryProperties properties) {
        this.failedDeliveries = failedDeliveries;
        this.requeue = requeue;
        this.transaction = transaction;
        this.json = json;
        this.interval = properties.pollInterval();
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        registrar.addFixedDelayTask(this::poll, interval);
    }

    void poll() {
        try {
            int queued;
            do {
                queued = queueRequested();
            } while (queued == BATCH);
        } catch (RuntimeException e) {
            log.warn("Could not queue requested redeliveries; trying again in {}: {}", interval, e.getMessage());
        }
    }

    /** Queues up to {@link #BATCH} requested redeliveries; returns how many requests it took. */
    int queueRequested() {
        Integer taken = transaction.execute(status -> {
            List<FailedDeliveries.Requested> requested = failedDeliveries.lockRequested(BATCH);
            List<CompletableFuture<?>> sends = new ArrayList<>();
            for (FailedDeliveries.Requested request : requested) {
                redelivery(request).ifPresent(delivery -> sends.add(requeue.send(delivery, Requeue.Source.REDELIVERY)));
            }
            Requeue.awaitAcks(sends);
            requested.forEach(failedDeliveries::markQueued);
            return requested.size();
        });
        return taken == null ? 0 : taken;
    }

    /** The stored delivery again, same webhook-id, under the redelivery request's id. */
    private Optional<DeliveryRequest> redelivery(FailedDeliveries.Requested request) {
        try {
            DeliveryRequest failed = json.readValue(request.delivery(), DeliveryRequest.class);
            return Optional.of(failed.again(request.requestId(), request.lastAttempt()));
        } catch (JacksonException | IllegalArgumentException e) {
            // Cannot happen for rows the dispatcher wrote; dropping the request keeps it from blocking the others.
            log.error("Unreadable failed delivery of subscription {} and enquiry {}: redelivery dropped",
                    request.subscriptionId(), request.enquiryId(), e);
            return Optional.empty();
        }
    }
}
