package com.holidaylistings.integration.dispatcher.redelivery;

import com.holidaylistings.integration.dispatcher.BatchDrain;
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
 * Queues the deliveries asked for through api-service's internal API, redeliveries and recover
 * (rows of {@code delivery_requests}; api-service has no Kafka client). Every
 * {@code WEBHOOK_REDELIVERY_POLL_INTERVAL}, in one transaction per batch: lock up to {@link #BATCH}
 * requests, oldest first (skipping those another replica holds), put each delivery on
 * {@code webhook.deliveries} with the event's webhook-id, the requesting request's id and its
 * attempt numbers continuing the log, wait for Kafka's acknowledgements, then delete the requests;
 * batches follow each other while they are full. A failure rolls the transaction back and the next
 * poll tries again, so a requested delivery is queued at least once.
 */
@Component
class RedeliveryPoller implements SchedulingConfigurer {

    static final int BATCH = 500;
    private static final Logger log = LoggerFactory.getLogger(RedeliveryPoller.class);

    private final DeliveryRequests requests;
    private final Requeue requeue;
    private final TransactionTemplate transaction;
    private final JsonMapper json;
    private final Duration interval;

    RedeliveryPoller(DeliveryRequests requests, Requeue requeue, TransactionTemplate transaction,
            JsonMapper json, RedeliveryProperties properties) {
        this.requests = requests;
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
        BatchDrain.drain(this::queueRequested, BATCH, interval, log, "Could not queue requested deliveries");
    }

    /** Queues up to {@link #BATCH} requested deliveries; returns how many requests it took. */
    int queueRequested() {
        Integer taken = transaction.execute(status -> {
            List<DeliveryRequests.Requested> requested = requests.lock(BATCH);
            List<CompletableFuture<?>> sends = new ArrayList<>(requested.size());
            for (DeliveryRequests.Requested request : requested) {
                delivery(request).ifPresent(delivery -> sends.add(requeue.send(delivery, Requeue.Source.REDELIVERY)));
            }
            Requeue.awaitAcks(sends);
            requests.delete(requested);
            return requested.size();
        });
        return taken == null ? 0 : taken;
    }

    /**
     * The event to the subscription again, same webhook-id, under the request's id: from the outbox,
     * or else from the failed delivery the request was made from.
     */
    private Optional<DeliveryRequest> delivery(DeliveryRequests.Requested request) {
        try {
            if (request.payload() != null) {
                String eventId = request.eventId().toString();
                return Optional.of(new DeliveryRequest(request.subscriptionId(), request.enquiryId(), eventId,
                        DeliveryRequest.webhookIdOf(eventId, request.subscriptionId()), request.submittedAt(),
                        request.payload(), request.requestId(), request.lastAttempt() + 1));
            }
            if (request.failedDelivery() != null) {
                return Optional.of(json.readValue(request.failedDelivery(), DeliveryRequest.class)
                        .again(request.requestId(), request.lastAttempt()));
            }
            // The outbox row was purged after the request was made (INGEST_OUTBOX_RETENTION lowered).
            log.warn("Requested delivery of enquiry {} to subscription {} dropped: its event is no longer in the outbox",
                    request.enquiryId(), request.subscriptionId());
            return Optional.empty();
        } catch (JacksonException | IllegalArgumentException e) {
            // Cannot happen for rows api-service wrote; dropping the request keeps it from blocking the others.
            log.error("Unreadable requested delivery of enquiry {} to subscription {}: dropped",
                    request.enquiryId(), request.subscriptionId(), e);
            return Optional.empty();
        }
    }
}
