package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Where every delivery of a run is: published (each committed enquiry, once per subscription it is for) =
 * delivered + abandoned + in flight. A run waits until nothing is in flight; what is still in
 * flight after the deadline is reported, and the run fails on it. The one accounting of the
 * benchmarks; {@link HeldDeliveries} is its view of hooks that fail, answer slowly or hang, for
 * runs shorter than their retries.
 */
record Accounting(long published, long delivered, long abandoned, long inFlight) {

    /**
     * Waits up to {@code deadline} until each enquiry reached each subscription of {@code hooks}
     * (target path → subscription id) or was abandoned.
     */
    static Accounting settle(
            Db db, WebhookReceiver receiver, Map<String, UUID> hooks, Collection<UUID> enquiries, Duration deadline) {
        Set<UUID> all = new HashSet<>(enquiries);
        Map<String, Set<UUID>> expected = new LinkedHashMap<>();
        hooks.keySet().forEach(path -> expected.put(path, all));
        return settle(db, receiver, hooks, expected, deadline);
    }

    /**
     * Waits up to {@code deadline} until each subscription of {@code hooks} (target path →
     * subscription id) received each of its own enquiries ({@code expected}: target path → the
     * enquiries it should receive), or the delivery was abandoned: for runs in which each enquiry
     * goes to some of the subscriptions only.
     */
    static Accounting settle(
            Db db,
            WebhookReceiver receiver,
            Map<String, UUID> hooks,
            Map<String, Set<UUID>> expected,
            Duration deadline) {
        return awaitUntil(
                () -> count(db, receiver, hooks, expected), accounting -> accounting.inFlight() == 0, deadline);
    }

    /** Counts again every half second until {@code settled} holds or {@code deadline} has passed; the last count. */
    static <T> T awaitUntil(Supplier<T> count, Predicate<T> settled, Duration deadline) {
        long giveUpAt = System.nanoTime() + deadline.toNanos();
        T counted = count.get();
        while (!settled.test(counted) && System.nanoTime() < giveUpAt) {
            LockSupport.parkNanos(Duration.ofMillis(500).toNanos());
            counted = count.get();
        }
        return counted;
    }

    /** What was scheduled and is not delivered: the intake's refusals ({@code notAccepted}) and what is in flight. */
    long lostWith(long notAccepted) {
        return inFlight + notAccepted;
    }

    Map<String, Object> asMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("published", published);
        map.put("delivered", delivered);
        map.put("abandoned", abandoned);
        map.put("in_flight", inFlight);
        return map;
    }

    @Override
    public String toString() {
        return "published=%d delivered=%d abandoned=%d in flight=%d"
                .formatted(published, delivered, abandoned, inFlight);
    }

    private static Accounting count(
            Db db, WebhookReceiver receiver, Map<String, UUID> hooks, Map<String, Set<UUID>> expected) {
        long published = 0;
        long delivered = 0;
        for (String path : hooks.keySet()) {
            for (UUID enquiry : expected.getOrDefault(path, Set.of())) {
                published++;
                if (receiver.firstDelivery(path, enquiry) != null) {
                    delivered++;
                }
            }
        }
        long abandoned = delivered == published ? 0 : abandoned(db, hooks, expected);
        return new Accounting(published, delivered, abandoned, published - delivered - abandoned);
    }

    /**
     * Abandoned deliveries of the {@code expected} enquiries to the subscriptions of {@code hooks}:
     * distinct pairs, since a duplicate record of one delivery can be abandoned twice.
     */
    private static long abandoned(Db db, Map<String, UUID> hooks, Map<String, Set<UUID>> expected) {
        Map<UUID, Set<UUID>> bySubscription = new HashMap<>();
        hooks.forEach((path, subscription) -> bySubscription.put(subscription, expected.getOrDefault(path, Set.of())));
        long[] abandoned = {0};
        db.eachRow("""
                select distinct subscription_id, enquiry_id from delivery_attempts
                 where subscription_id = any (?) and outcome = 'abandoned'""", hooks.values(), row -> {
            if (bySubscription.get(row.getObject(1, UUID.class)).contains(row.getObject(2, UUID.class))) {
                abandoned[0]++;
            }
        });
        return abandoned[0];
    }
}
