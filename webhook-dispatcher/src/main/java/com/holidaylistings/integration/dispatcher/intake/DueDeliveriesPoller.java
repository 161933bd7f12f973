package com.holidaylistings.integration.dispatcher.intake;

import com.holidaylistings.integration.dispatcher.lane.OwnerLanes;
import com.holidaylistings.integration.dispatcher.settings.WebhookProperties;
import com.holidaylistings.integration.dispatcher.store.DeliveryStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * The timer of the deliveries that wait on their rows: every {@code WEBHOOK_ROW_POLL_INTERVAL}, on
 * every replica, and at once when the lane here of an owner whose deliveries may wait on their rows
 * has fallen below half of what it may hold ({@link OwnerLanes#whenHalfEmpty}), the
 * waiting deliveries that fell due (a Retry-After longer than the schedule, an owner whose lane was
 * full, a delivery asked for again) and the pending ones long overdue (their record was lost:
 * {@code overdueAfter}) are taken from their rows and handed straight to their owners' lanes in this
 * process ({@link DeliveryListener#onDueRow}), as a record would be, with no record. Fair between
 * owners: per poll at most half of what an owner may have waiting in its lane ({@link
 * OwnerLanes#refill}), none of an owner whose lane here already has that many waiting, so what is
 * taken fits its lane. One statement per batch makes the rows pending ({@link DeliveryStore#due})
 * and commits; then they are handed over, each with the version its row now has. Should this process stop before it has attempted them, they are pending with no
 * record, and a poll of any replica takes them again once they are overdue. Two replicas polling at
 * once take different rows: the update re-checks each row's status once it holds its lock.
 */
@Component
public class DueDeliveriesPoller implements SchedulingConfigurer {

    static final int BATCH = 5_000;
    private static final Logger log = LoggerFactory.getLogger(DueDeliveriesPoller.class);

    private final DeliveryStore store;
    private final DeliveryListener deliveries;
    private final OwnerLanes lanes;
    private final Duration interval;
    private final Duration overdueAfter;

    /** A poll is wanted: set by every tick and wake-up, cleared by the poll that follows. */
    private final AtomicBoolean wanted = new AtomicBoolean();

    private final ReentrantLock polling = new ReentrantLock();

    DueDeliveriesPoller(
            DeliveryStore store, DeliveryListener deliveries, OwnerLanes lanes, WebhookProperties properties) {
        this.store = store;
        this.deliveries = deliveries;
        this.lanes = lanes;
        this.interval = properties.rowPollInterval();
        this.overdueAfter = properties.overdueAfter();
        lanes.whenHalfEmpty(this::wake);
    }

    /**
     * Polls at once, on a thread of its own, not at the next tick: for deliveries just made due (the
     * owners' requests, a lane with room again) that should not wait up to {@code WEBHOOK_ROW_POLL_INTERVAL}.
     */
    public void wake() {
        Thread.ofVirtual().name("row-poll").start(this::poll);
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar registrar) {
        registrar.addFixedDelayTask(this::poll, interval);
    }

    /**
     * One batch a tick or wake-up, one poll at a time: a wake-up during a poll has it poll once more
     * when done. Another batch at once would find the owners it served busy.
     */
    void poll() {
        wanted.set(true);
        while (wanted.get() && polling.tryLock()) {
            try {
                wanted.set(false);
                queueDue();
            } catch (RuntimeException e) {
                log.warn(
                        "Could not queue the deliveries due on their rows; trying again in {}: {}",
                        interval,
                        e.getMessage());
            } finally {
                polling.unlock();
            }
        }
    }

    /** Hands up to {@link #BATCH} due deliveries to their owners' lanes; returns how many. */
    int queueDue() {
        long started = System.nanoTime();
        List<DeliveryStore.Due> due = store.due(lanes.busy(), lanes.refill(), BATCH, overdueAfter);
        if (due == null || due.isEmpty()) {
            return 0;
        }
        // each continues the trace its row keeps (the enquiry's fan-out), however late it is taken
        due.forEach(d -> deliveries.onDueRow(d.task(), d.traceparent()));
        log.debug(
                "Took {} deliveries due on their rows to the lanes in {} ms",
                due.size(),
                (System.nanoTime() - started) / 1_000_000);
        return due.size();
    }
}
