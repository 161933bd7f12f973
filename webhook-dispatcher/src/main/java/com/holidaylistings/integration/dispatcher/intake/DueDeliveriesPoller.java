package com.holidaylistings.integration.dispatcher.intake;

import com.holidaylistings.integration.dispatcher.lane.OwnerLanes;
import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import com.holidaylistings.integration.dispatcher.settings.WebhookProperties;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

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
 * taken fits its lane. One statement per batch makes the rows pending and commits; then they are
 * handed over. Should this process stop before it has attempted them, they are pending with no
 * record, and a poll of any replica takes them again once they are overdue. Two replicas polling at
 * once take different rows: the update re-checks each row's status once it holds its lock.
 */
@Component
public class DueDeliveriesPoller implements SchedulingConfigurer {

    static final int BATCH = 5_000;
    private static final Logger log = LoggerFactory.getLogger(DueDeliveriesPoller.class);
    // Owner by owner: a skip over the owners with waiting rows (one probe of deliveries_waiting_idx
    // each), then each owner's oldest due rows, so that one owner's hundred thousand waiting rows cost
    // one probe, not a read of them all, and are not taken ahead of another owner's.
    private static final String TAKE_DUE = """
            with recursive owners(owner_id) as (
                (select owner_id from deliveries where status = 'waiting' order by owner_id limit 1)
                union all
                select (select d.owner_id from deliveries d
                         where d.status = 'waiting' and d.owner_id > o.owner_id order by d.owner_id limit 1)
                  from owners o where o.owner_id is not null
            ), candidates as (
                select w.webhook_id, w.submitted_at, w.next_attempt_at
                  from owners o
                 cross join lateral (select webhook_id, submitted_at, next_attempt_at from deliveries
                                      where status = 'waiting' and owner_id = o.owner_id and next_attempt_at <= now()
                                      order by next_attempt_at limit :perOwner) w
                 where o.owner_id is not null and o.owner_id <> all(:busy)
                union all
                (select webhook_id, submitted_at, next_attempt_at from deliveries
                  where status = 'pending' and next_attempt_at <= now() - make_interval(secs => :overdue)
                  order by next_attempt_at limit :batch)
            ), due as (
                select webhook_id, submitted_at from candidates order by next_attempt_at limit :batch
            )
            update deliveries d set status = 'pending', next_attempt_at = now(), updated_at = now()
              from due
             where d.webhook_id = due.webhook_id and d.submitted_at = due.submitted_at
               and (d.status = 'waiting'
                    or d.status = 'pending' and d.next_attempt_at <= now() - make_interval(secs => :overdue))
            returning d.webhook_id, d.submitted_at, d.subscription_id, d.owner_id, d.attempts, d.traceparent
            """;

    // TAKE_DUE is planned for its parameters, in its transaction: the dispatcher's connections keep
    // generic plans (application.yml), and this statement's generic plan joins the rows it takes with
    // every waiting row by a hash instead of looking each up by key.
    private static final String PLANNED_FOR_ITS_PARAMETERS = "set local plan_cache_mode = force_custom_plan";

    private final JdbcClient jdbc;
    private final TransactionTemplate transaction;
    private final DeliveryListener deliveries;
    private final OwnerLanes lanes;
    private final Duration interval;
    private final Duration overdueAfter;

    /** A poll is wanted: set by every tick and wake-up, cleared by the poll that follows. */
    private final AtomicBoolean wanted = new AtomicBoolean();
    private final ReentrantLock polling = new ReentrantLock();

    DueDeliveriesPoller(JdbcClient jdbc, TransactionTemplate transaction, DeliveryListener deliveries, OwnerLanes lanes,
            WebhookProperties properties) {
        this.jdbc = jdbc;
        this.transaction = transaction;
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
                log.warn("Could not queue the deliveries due on their rows; trying again in {}: {}", interval, e.getMessage());
            } finally {
                polling.unlock();
            }
        }
    }

    /** A due delivery taken from its row: its task and the trace its row keeps. */
    private record Due(DeliveryTask task, String traceparent) {}

    /** Hands up to {@link #BATCH} due deliveries to their owners' lanes; returns how many. */
    int queueDue() {
        // The rows become pending and commit before they are handed over: an attempt (which reads its
        // row) before the commit would find its delivery still waiting and pass it over as stale.
        long started = System.nanoTime();
        List<Due> due = transaction.execute(status -> {
            jdbc.sql(PLANNED_FOR_ITS_PARAMETERS).update();
            return jdbc.sql(TAKE_DUE)
                    .param("overdue", overdueAfter.toNanos() / 1e9)
                    .param("busy", lanes.busy().stream().map(OwnerId::value).toArray(UUID[]::new))
                    .param("perOwner", lanes.refill())
                    .param("batch", BATCH)
                    .query((rs, n) -> new Due(new DeliveryTask(rs.getString("webhook_id"),
                            rs.getTimestamp("submitted_at").toInstant(),
                            SubscriptionId.of(rs.getObject("subscription_id", UUID.class)),
                            OwnerId.of(rs.getObject("owner_id", UUID.class)), rs.getInt("attempts") + 1),
                            rs.getString("traceparent")))
                    .list();
        });
        if (due == null || due.isEmpty()) {
            return 0;
        }
        // each continues the trace its row keeps (the enquiry's fan-out), however late it is taken
        due.forEach(d -> deliveries.onDueRow(d.task(), d.traceparent()));
        log.debug("Took {} deliveries due on their rows to the lanes in {} ms", due.size(), (System.nanoTime() - started) / 1_000_000);
        return due.size();
    }

}
