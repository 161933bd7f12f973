package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;

/**
 * Where every delivery of a run is: published (each committed enquiry, once per subscription it is for) =
 * delivered + abandoned + in flight. A run waits until nothing is in flight; what is still in
 * flight after the deadline is reported, and the run fails on it.
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
        long giveUpAt = System.nanoTime() + deadline.toNanos();
        Accounting accounting = count(db, receiver, hooks, expected);
        while (accounting.inFlight() > 0 && System.nanoTime() < giveUpAt) {
            LockSupport.parkNanos(Duration.ofMillis(500).toNanos());
            accounting = count(db, receiver, hooks, expected);
        }
        return accounting;
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
        long abandoned = 0;
        try (Connection connection = db.connect();
                PreparedStatement query = connection.prepareStatement("""
                     select distinct subscription_id, enquiry_id from delivery_attempts
                      where subscription_id = any (?) and outcome = 'abandoned'""")) {
            query.setArray(1, connection.createArrayOf("uuid", hooks.values().toArray()));
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    if (bySubscription.get(rows.getObject(1, UUID.class)).contains(rows.getObject(2, UUID.class))) {
                        abandoned++;
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return abandoned;
    }
}
