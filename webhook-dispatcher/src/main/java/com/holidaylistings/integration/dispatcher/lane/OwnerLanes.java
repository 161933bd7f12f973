package com.holidaylistings.integration.dispatcher.lane;

import com.holidaylistings.integration.events.delivery.OwnerId;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;

/**
 * Runs work in one lane per owner: at most {@code maxInFlightPerOwner} of an owner's deliveries at
 * once, at most {@code maxInFlight} in all, and when the process is at its cap the lanes with work
 * waiting take the freed slots in turn, so an owner with a thousand deliveries waiting gets the next
 * slot no sooner than an owner with one. Work beyond an owner's cap waits in its lane, up to
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

    private static final class Lane {
        final OwnerId owner;
        final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
        int running;
        boolean inTurn;

        Lane(OwnerId owner) {
            this.owner = owner;
        }
    }

    private final int maxInFlight;
    private final int maxInFlightPerOwner;
    private final int maxQueuedPerOwner;
    private final int maxQueued;
    private final Executor workers;
    private final Map<OwnerId, Lane> lanes = new HashMap<>();
    /** Lanes with work waiting only for a slot of the process, in the order they take the next ones. */
    private final ArrayDeque<Lane> turns = new ArrayDeque<>();
    private int running;
    private int waiting;
    /** Lanes with work waiting, among which {@code maxQueued} is shared once it is reached. */
    private int lanesWaiting;

    public OwnerLanes(int maxInFlight, int maxInFlightPerOwner, int maxQueuedPerOwner, int maxQueued, Executor workers) {
        this.maxInFlight = maxInFlight;
        this.maxInFlightPerOwner = maxInFlightPerOwner;
        this.maxQueuedPerOwner = maxQueuedPerOwner;
        this.maxQueued = maxQueued;
        this.workers = workers;
    }

    /**
     * Runs {@code work} in {@code owner}'s lane, now or when its turn comes; false (and nothing is
     * queued) when the owner already has as many deliveries waiting as an owner may now ({@link #room}).
     */
    public synchronized boolean offer(OwnerId owner, Runnable work) {
        Lane lane = lanes.computeIfAbsent(owner, Lane::new);
        if (lane.running < maxInFlightPerOwner && running < maxInFlight && lane.waiting.isEmpty()) {
            start(lane, work);
            return true;
        }
        if (lane.waiting.size() >= room()) {
            if (lane.running == 0 && lane.waiting.isEmpty()) {
                lanes.remove(owner);
            }
            return false;
        }
        if (lane.waiting.isEmpty()) {
            lanesWaiting++;
        }
        lane.waiting.add(work);
        waiting++;
        takeTurn(lane);
        return true;
    }

    /**
     * How many deliveries an owner may have waiting now: {@code maxQueuedPerOwner}; once
     * {@code maxQueued} wait in all, a share of them (at least one); none once twice that wait.
     */
    private int room() {
        if (waiting < maxQueued) {
            return maxQueuedPerOwner;
        }
        if (waiting >= 2 * maxQueued) {
            return 0;
        }
        return Math.min(maxQueuedPerOwner, Math.max(1, maxQueued / Math.max(1, lanesWaiting)));
    }

    /** The owners with {@code maxInFlightPerOwner} deliveries in flight: more of theirs would only wait. */
    public synchronized Set<OwnerId> atCap() {
        return lanes.values().stream()
                .filter(lane -> lane.running >= maxInFlightPerOwner)
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
                .filter(lane -> !lane.waiting.isEmpty() && lane.waiting.size() >= enough)
                .map(lane -> lane.owner)
                .collect(Collectors.toSet());
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

    private void start(Lane lane, Runnable work) {
        lane.running++;
        running++;
        workers.execute(() -> {
            try {
                work.run();
            } finally {
                finished(lane);
            }
        });
    }

    private synchronized void finished(Lane lane) {
        lane.running--;
        running--;
        takeTurn(lane);
        while (running < maxInFlight && !turns.isEmpty()) {
            Lane next = turns.poll();
            next.inTurn = false;
            if (next.running < maxInFlightPerOwner && !next.waiting.isEmpty()) {
                waiting--;
                start(next, next.waiting.poll());
                if (next.waiting.isEmpty()) {
                    lanesWaiting--;
                }
                takeTurn(next);
            }
        }
        if (lane.running == 0 && lane.waiting.isEmpty() && !lane.inTurn) {
            lanes.remove(lane.owner);
        }
    }

    /** A lane with work waiting and a slot of its own free joins the end of the turns. */
    private void takeTurn(Lane lane) {
        if (!lane.inTurn && !lane.waiting.isEmpty() && lane.running < maxInFlightPerOwner) {
            turns.add(lane);
            lane.inTurn = true;
        }
    }
}
