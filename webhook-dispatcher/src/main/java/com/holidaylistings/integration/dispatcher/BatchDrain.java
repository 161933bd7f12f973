package com.holidaylistings.integration.dispatcher;

import java.time.Duration;
import java.util.function.IntSupplier;
import org.slf4j.Logger;

/**
 * A table polled in batches by every replica (the operational events' outbox): each tick
 * takes batches until one comes back short of full; a failure is logged and left to the next tick.
 */
public final class BatchDrain {

    private BatchDrain() {}

    /** Runs {@code batch} (which answers how many rows it took) while it takes {@code size} rows. */
    public static void drain(IntSupplier batch, int size, Duration interval, Logger log, String failure) {
        try {
            int taken;
            do {
                taken = batch.getAsInt();
            } while (taken == size);
        } catch (RuntimeException e) {
            log.warn("{}; trying again in {}: {}", failure, interval, e.getMessage());
        }
    }
}
