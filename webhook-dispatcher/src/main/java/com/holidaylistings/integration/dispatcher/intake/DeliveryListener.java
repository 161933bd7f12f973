package com.holidaylistings.integration.dispatcher.intake;

import com.holidaylistings.integration.dispatcher.attempt.WebhookAttempt;
import com.holidaylistings.integration.dispatcher.lane.OwnerLanes;
import com.holidaylistings.integration.dispatcher.records.DeliveryRecords;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.dispatcher.retry.DueTimeHold;
import com.holidaylistings.integration.dispatcher.settings.WebhookProperties;
import com.holidaylistings.integration.dispatcher.waiting.ParkingLot;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.stereotype.Component;

/**
 * Receives the delivery records of every stage ({@code webhook.deliveries} and, once each is due,
 * its retry topics), and the deliveries the row poller takes from their rows, and hands each to its
 * owner's lane ({@link OwnerLanes}), never waiting: the consumer keeps consuming while receivers
 * answer and while an owner's lane is full. A delivery whose attempt is already under way here (a
 * copy of its record, or its row taken meanwhile) waits for it ({@link AttemptsUnderWay}) and then
 * finds the row as it was left: a copy is passed over, a delivery parked meanwhile and taken again
 * goes on. An owner whose lane is full has the delivery wait on its row instead ({@link
 * ParkingLot}). A record is acknowledged, in offset order, once what became of it is stored (and a
 * failure's next record sent). When our own database fails, the delivery is tried again a little
 * later, holding no capacity meanwhile.
 */
@Component
class DeliveryListener implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(DeliveryListener.class);

    private final DeliveryRecords records;
    private final OwnerLanes lanes;
    private final WebhookAttempt attempt;
    private final ParkingLot parking;
    private final InOrderAcks acks;
    private final long infrastructureRetryMillis;
    private final AttemptsUnderWay underWay = new AttemptsUnderWay();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("delivery-again").factory());

    DeliveryListener(
            DeliveryRecords records,
            OwnerLanes lanes,
            WebhookAttempt attempt,
            ParkingLot parking,
            InOrderAcks acks,
            WebhookProperties properties) {
        this.records = records;
        this.lanes = lanes;
        this.attempt = attempt;
        this.parking = parking;
        this.acks = acks;
        this.infrastructureRetryMillis = properties.infrastructureRetry().toMillis();
    }

    void onDelivery(
            ConsumerRecord<String, String> record, Acknowledgment ack, Consumer<?, ?> consumer, DueTimeHold hold) {
        if (hold.holds(record, consumer)) {
            return;
        }
        detachHeaders(record);
        acks.started(record, ack);
        DeliveryTask task = records.read(record);
        if (task == null) {
            log.error(
                    "Unreadable delivery record {}-{}@{} skipped", record.topic(), record.partition(), record.offset());
            acks.finished(record);
            return;
        }
        arrived(new Arrival(task, records.dueAt(record), records.traceparent(record), record));
    }

    /**
     * A delivery the row poller took from its row ({@link DueDeliveriesPoller}), due now, continuing
     * the trace its row keeps: it goes to its owner's lane as a record would, with no record to
     * acknowledge once it is done.
     */
    void onDueRow(DeliveryTask task, String traceparent) {
        arrived(new Arrival(task, null, traceparent, null));
    }

    /**
     * A delivery to attempt: when it was due, the trace it continues, and the record it came in (to be
     * acknowledged once what became of it is stored), null when it came from its row.
     */
    private record Arrival(DeliveryTask task, Instant dueAt, String traceparent, ConsumerRecord<?, ?> record) {

        boolean fromRow() {
            return record == null;
        }

        String from() {
            return fromRow() ? "row" : "record " + record.topic() + "-" + record.partition() + "@" + record.offset();
        }
    }

    private void arrived(Arrival arrival) {
        DeliveryTask task = arrival.task();
        if (!underWay.claim(task, () -> offer(arrival))) {
            log.debug(
                    "The {} of delivery {} at version {} waits for the one under way here",
                    arrival.from(),
                    task.webhookId(),
                    task.version());
            return;
        }
        offer(arrival);
    }

    /**
     * The record may wait in its lane and for its acknowledgment for minutes: its headers copy their
     * bytes now, or each would keep the whole fetch response it was read from (up to 256 KB).
     */
    private static void detachHeaders(ConsumerRecord<?, ?> record) {
        for (Header header : record.headers()) {
            header.key();
            header.value();
        }
    }

    private void offer(Arrival arrival) {
        DeliveryTask task = arrival.task();
        Runnable work = () -> attemptAndMoveOn(arrival);
        boolean taken = arrival.fromRow()
                ? lanes.offerFromRow(task.ownerId(), task.subscriptionId(), work)
                : lanes.offer(task.ownerId(), task.subscriptionId(), work);
        if (!taken) {
            parking.park(task, parked -> finished(arrival));
        }
    }

    private void finished(Arrival arrival) {
        if (!arrival.fromRow()) {
            acks.finished(arrival.record());
        }
        underWay.finished(arrival.task());
    }

    /** Runs in the owner's lane until the receiver has answered; the delivery is done once the attempt is stored. */
    private void attemptAndMoveOn(Arrival arrival) {
        CompletableFuture<Void> stored;
        try {
            stored = attempt.attempt(arrival.task(), arrival.dueAt(), arrival.traceparent());
        } catch (RuntimeException e) {
            tryAgainLater(arrival, e);
            return;
        }
        stored.whenComplete((result, error) -> {
            if (error != null) {
                tryAgainLater(arrival, error);
            } else {
                finished(arrival);
            }
        });
    }

    private void tryAgainLater(Arrival arrival, Throwable e) {
        log.warn(
                "Delivery {} not attempted, trying again in {} ms: {}",
                arrival.task().webhookId(),
                infrastructureRetryMillis,
                e.getMessage());
        timers.schedule(() -> offer(arrival), infrastructureRetryMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void destroy() {
        timers.shutdownNow();
    }
}
