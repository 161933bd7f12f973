package com.holidaylistings.integration.dispatcher.waiting;

import com.holidaylistings.integration.dispatcher.batching.Batches;
import com.holidaylistings.integration.dispatcher.batching.BatchingComponent;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.dispatcher.store.DeliveryStore;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Parks the deliveries whose owner's lane is full on their rows ({@code waiting}, due now:
 * {@code Delivery.parked}, written by {@link DeliveryStore#parked}), in
 * batches from one thread ({@link Batches}): one statement for up to 500 rows, so that a burst of
 * one owner's deliveries costs a few statements and no thread per delivery. What to do once a
 * delivery is parked (acknowledge its record) runs then; a batch that fails is tried again a second
 * later. At most {@link #MAX_QUEUED} wait to be parked: past that the consumer that hands one over
 * waits for room, so that a database that falls behind slows the reading of records (every owner's
 * alike, the process being out of room) instead of filling the heap with records read ahead.
 */
@Component
public class ParkingLot extends BatchingComponent {

    private static final Logger log = LoggerFactory.getLogger(ParkingLot.class);
    private static final int MAX_BATCH = 500;
    static final int MAX_QUEUED = 1_000;
    /**
     * What follows a parking runs on a virtual thread of its own, not on the batch's: it may hand over
     * another delivery to park (a record that waited for this one), and the batch's thread waiting for
     * room in its own queue would wait forever.
     */
    private static final Executor AFTERWARDS =
            command -> Thread.ofVirtual().name("parked").start(command);

    private static final Executor A_SECOND_LATER = CompletableFuture.delayedExecutor(1, TimeUnit.SECONDS, AFTERWARDS);

    private final Batches<DeliveryTask, Boolean> writer;

    ParkingLot(DeliveryStore store, MeterRegistry meters) {
        Counter parked = ParkedDeliveries.counter(meters, ParkedDeliveries.AT_LANE);
        this.writer = Batches.bounded("parking-lot", MAX_BATCH, MAX_QUEUED, tasks -> {
            List<Boolean> results = park(store, tasks);
            parked.increment(results.stream().filter(Boolean::booleanValue).count());
            return results;
        });
    }

    /**
     * Parks {@code task}'s delivery if its row is still pending at the task's version; {@code then}
     * is told whether it was (if not, the row had moved on: a copy of an attempt made, or it was
     * parked or asked for again meanwhile, and there is nothing to do).
     */
    public void park(DeliveryTask task, Consumer<Boolean> then) {
        writer.submit(task)
                .whenCompleteAsync(
                        (result, error) -> {
                            if (error == null) {
                                then.accept(result);
                            } else {
                                A_SECOND_LATER.execute(() -> park(task, then));
                            }
                        },
                        AFTERWARDS);
    }

    /** Parks those of {@code tasks} still pending at their record's version; whether each was. */
    private static List<Boolean> park(DeliveryStore store, List<DeliveryTask> tasks) {
        long started = System.nanoTime();
        Set<String> parked = store.parked(tasks);
        List<Boolean> results =
                tasks.stream().map(task -> parked.contains(task.webhookId())).toList();
        if (log.isDebugEnabled()) {
            log.debug(
                    "Parked {} of {} deliveries in {} ms",
                    parked.size(),
                    tasks.size(),
                    (System.nanoTime() - started) / 1_000_000);
        }
        return results;
    }

    @Override
    protected Batches<?, ?> batches() {
        return writer;
    }
}
