package com.holidaylistings.integration.dispatcher.lane;

import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs work in one lane per owner: at most {@code maxInFlightPerOwner} of an owner's deliveries at
 * once, at most {@code maxInFlightPerHook} of one hook's, at most {@code maxInFlight} in all; when
 * the process is at its cap the lanes with work that can start take the freed slots in turn, so an
 * owner with a thousand deliveries waiting gets the next slot no sooner than an owner with one, and
 * within a lane its hooks take the owner's slots in turn, so that one slow hook of an owner does not
 * hold the slots its other hooks need. A delivery whose hook is at its cap waits here, holding no
 * slot, until one of that hook's attempts ends. Work beyond the caps waits in its lane, up to
 * {@code maxQueuedPerOwner}; past that {@link #offer} refuses it and the caller parks it elsewhere
 * (on the delivery's row). Nothing here blocks the caller, so a consumer thread never waits for an
 * owner's lane: one owner's trouble holds its own lane, not the partitions other owners share.
 *
 * <p>What waits in memory is bounded in all as well as per owner: once {@code maxQueued} wait in all
 * the lanes, an owner is refused beyond its fair share ({@code maxQueued} divided among the lanes with
 * work waiting), so that a few owners whose receivers hang cannot fill the heap between them, while an
 * owner with little waiting is still taken in; and none at all once twice {@code maxQueued} wait.
 */
public final class OwnerLanes {

    private static final Logger log = LoggerFactory.getLogger(OwnerLanes.class);

    /**
     * The caps and bounds of the lanes.
     *
     * @param maxInFlight deliveries in flight in the process
     * @param maxInFlightPerOwner an owner's deliveries in flight
     * @param maxInFlightPerHook one hook's deliveries in flight
     * @param maxQueuedPerOwner an owner's deliveries waiting in its lane
     * @param maxQueued deliveries waiting in all the lanes before owners are held to their share
     */
    public record Bounds(
            int maxInFlight, int maxInFlightPerOwner, int maxInFlightPerHook, int maxQueuedPerOwner, int maxQueued) {}

    /** One hook's deliveries in its owner's lane: those waiting, in order, and how many are in flight. */
    private static final class Hook {
        final SubscriptionId id;
        final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
        int running;
        boolean ready;

        Hook(SubscriptionId id) {
            this.id = id;
        }
    }

    private static final class Lane {
        final OwnerId owner;
        final Map<SubscriptionId, Hook> hooks = new HashMap<>();
        /** Hooks with work waiting and a slot of their own free, in the order they take the owner's next ones. */
        final ArrayDeque<Hook> ready = new ArrayDeque<>();

        int waiting;
        int running;
        boolean inTurn;
        /** Some of the owner's deliveries may wait on their rows: refused here, or this lane is fed from them. */
        boolean rowsMayWait;

        Lane(OwnerId owner) {
            this.owner = owner;
        }
    }

    private final Bounds bounds;
    private final Executor workers;
    private final Map<OwnerId, Lane> lanes = new HashMap<>();
    /** Lanes with work that could start but for a slot of the process, in the order they take the next ones. */
    private final ArrayDeque<Lane> turns = new ArrayDeque<>();

    private int running;
    private int waiting;
    /** Lanes with work waiting, among which {@code maxQueued} is shared once it is reached. */
    private int lanesWaiting;

    private Runnable halfEmpty = () -> {};

    public OwnerLanes(Bounds bounds, Executor workers) {
        this.bounds = bounds;
        this.workers = workers;
    }

    /**
     * Runs {@code work}, a delivery of {@code owner}'s {@code hook}, now or when its turn comes; false
     * (and nothing is queued) when the owner already has as many deliveries waiting as an owner may now
     * ({@link #room}).
     */
    public synchronized boolean offer(OwnerId owner, SubscriptionId hook, Runnable work) {
        return offer(owner, hook, work, false);
    }

    /**
     * As {@link #offer}, for a delivery taken from its row: more of the owner's may wait there, so the
     * lane tells when it falls below half ({@link #whenHalfEmpty}).
     */
    public synchronized boolean offerFromRow(OwnerId owner, SubscriptionId hook, Runnable work) {
        return offer(owner, hook, work, true);
    }

    private boolean offer(OwnerId owner, SubscriptionId hook, Runnable work, boolean fromRow) {
        Lane lane = lanes.computeIfAbsent(owner, Lane::new);
        lane.rowsMayWait |= fromRow;
        Hook queue = lane.hooks.computeIfAbsent(hook, Hook::new);
        if (lane.running < bounds.maxInFlightPerOwner()
                && running < bounds.maxInFlight()
                && queue.running < bounds.maxInFlightPerHook()
                && queue.waiting.isEmpty()) {
            start(lane, queue, work);
            return true;
        }
        if (lane.waiting >= room()) {
            lane.rowsMayWait = true; // it will wait on its row
            forgetIfIdle(lane, queue);
            return false;
        }
        if (lane.waiting == 0) {
            lanesWaiting++;
        }
        queue.waiting.add(work);
        lane.waiting++;
        waiting++;
        makeReady(lane, queue);
        takeTurn(lane);
        return true;
    }

    /**
     * How many deliveries an owner may have waiting now: {@code maxQueuedPerOwner}; once
     * {@code maxQueued} wait in all, a share of them (at least one); none once twice that wait.
     */
    private int room() {
        if (waiting < bounds.maxQueued()) {
            return bounds.maxQueuedPerOwner();
        }
        if (waiting >= 2 * bounds.maxQueued()) {
            return 0;
        }
        return Math.min(bounds.maxQueuedPerOwner(), Math.max(1, bounds.maxQueued() / Math.max(1, lanesWaiting)));
    }

    /** The owners with {@code maxInFlightPerOwner} deliveries in flight: more of theirs would only wait. */
    public synchronized Set<OwnerId> atCap() {
        return lanes.values().stream()
                .filter(lane -> lane.running >= bounds.maxInFlightPerOwner())
                .map(lane -> lane.owner)
                .collect(Collectors.toSet());
    }

    /**
     * The owners with at least half of what an owner may have waiting ({@link #room}) in their lanes:
     * enough to keep their lanes busy for a while, so more of theirs would only be parked again.
     */
    public synchronized Set<OwnerId> busy() {
        int enough = room() / 2;
        return lanes.values().stream()
                .filter(lane -> hasEnough(lane, enough))
                .map(lane -> lane.owner)
                .collect(Collectors.toSet());
    }

    private static boolean hasEnough(Lane lane, int enough) {
        return lane.waiting > 0 && lane.waiting >= enough;
    }

    /**
     * Whether {@code owner}'s new deliveries had better wait on their rows than come here by record: its
     * lane here is {@link #busy} (half of what an owner may have waiting), so they would only be parked
     * on arrival. If so the lane tells when it falls below half ({@link #whenHalfEmpty}), as it does
     * for a delivery it refused, and the row poller brings them.
     */
    public synchronized boolean sendsToRows(OwnerId owner) {
        Lane lane = lanes.get(owner);
        if (lane == null || !hasEnough(lane, room() / 2)) {
            return false;
        }
        lane.rowsMayWait = true;
        return true;
    }

    /**
     * {@code listener} runs (holding this, so it must not wait) when the lane of an owner some of whose
     * deliveries may wait on their rows (refused here, or taken from their rows) falls below half of
     * what it may have waiting: time to take more of them. Once until the lane is told of such
     * deliveries again.
     */
    public synchronized void whenHalfEmpty(Runnable listener) {
        this.halfEmpty = listener;
    }

    /**
     * How many of one owner's deliveries the row poller takes at a time: half of what an owner may have
     * waiting now ({@link #room}), so that what it puts back is not parked again.
     */
    public synchronized int refill() {
        return Math.max(1, room() / 2);
    }

    public synchronized int inFlight() {
        return running;
    }

    public synchronized int queued() {
        return waiting;
    }

    /** Lanes in use: owners with deliveries in flight or waiting. */
    public synchronized int lanes() {
        return lanes.size();
    }

    private void start(Lane lane, Hook hook, Runnable work) {
        lane.running++;
        hook.running++;
        running++;
        try {
            workers.execute(() -> {
                try {
                    work.run();
                } finally {
                    finished(lane, hook);
                }
            });
        } catch (RejectedExecutionException shuttingDown) {
            // The process is stopping: the delivery is left as it is stored (its row pending, its record
            // not acknowledged) for the next process to take, and its slot is given back.
            lane.running--;
            hook.running--;
            running--;
            log.debug("Delivery of owner {} left to its row: the workers are shut down", lane.owner);
        }
    }

    private synchronized void finished(Lane lane, Hook hook) {
        lane.running--;
        hook.running--;
        running--;
        makeReady(lane, hook);
        takeTurn(lane);
        while (running < bounds.maxInFlight() && !turns.isEmpty()) {
            Lane next = turns.poll();
            next.inTurn = false;
            if (canStart(next)) {
                startNextWaiting(next);
            }
        }
        forgetIfIdle(lane, hook);
    }

    /** Starts the next delivery of the lane's first ready hook, which then goes to the end of the ready ones. */
    private void startNextWaiting(Lane lane) {
        Hook first = lane.ready.poll();
        first.ready = false;
        int half = room() / 2;
        lane.waiting--;
        waiting--;
        if (lane.waiting == 0) {
            lanesWaiting--;
        }
        if (lane.rowsMayWait && lane.waiting < half) {
            lane.rowsMayWait = false;
            halfEmpty.run();
        }
        start(lane, first, first.waiting.poll());
        makeReady(lane, first);
        takeTurn(lane);
    }

    private boolean canStart(Lane lane) {
        return lane.running < bounds.maxInFlightPerOwner() && !lane.ready.isEmpty();
    }

    /** A hook with work waiting and a slot of its own free joins the end of its lane's ready hooks. */
    private void makeReady(Lane lane, Hook hook) {
        if (!hook.ready && !hook.waiting.isEmpty() && hook.running < bounds.maxInFlightPerHook()) {
            lane.ready.add(hook);
            hook.ready = true;
        }
    }

    /** A lane with work that can start joins the end of the turns. */
    private void takeTurn(Lane lane) {
        if (!lane.inTurn && canStart(lane)) {
            turns.add(lane);
            lane.inTurn = true;
        }
    }

    private void forgetIfIdle(Lane lane, Hook hook) {
        if (hook.running == 0 && hook.waiting.isEmpty()) {
            lane.hooks.remove(hook.id);
        }
        if (lane.running == 0 && lane.waiting == 0 && !lane.inTurn) {
            lanes.remove(lane.owner);
        }
    }
}
