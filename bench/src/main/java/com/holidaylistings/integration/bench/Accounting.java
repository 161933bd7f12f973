package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.testsupport.WebhookReceiver;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;

/**
 * Where every delivery of a run is: published (each committed enquiry, once per subscription) =
 * delivered + abandoned + in flight. A run waits until nothing is in flight; what is still in
 * flight after the deadline is reported, and the run fails on it.
 */
record Accounting(long published, long delivered, long abandoned, long inFlight) {

    /**
     * Waits up to {@code deadline} until each enquiry reached each subscription of {@code hooks}
     * (target path → subscription id) or was abandoned.
     */
    static Accounting settle(Db db, WebhookReceiver receiver, Map<String, UUID> hooks, Collection<UUID> enquiries,
            Duration deadline) {
        long giveUpAt = System.nanoTime() + deadline.toNanos();
        Accounting accounting = count(db, receiver, hooks, enquiries);
        while (accounting.inFlight() > 0 && System.nanoTime() < giveUpAt) {
            LockSupport.parkNanos(Duration.ofMillis(500).toNanos());
            accounting = count(db, receiver, hooks, enquiries);
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
        return "published=%d delivered=%d abandoned=%d in flight=%d".formatted(published, delivered, abandoned, inFlight);
    }

    private static Accounting count(Db db, WebhookReceiver receiver, Map<String, UUID> hooks, Collection<UUID> enquiries) {
        long delivered = 0;
        long undelivered = 0;
        for (String path : hooks.keySet()) {
            for (UUID enquiry : enquiries) {
                if (receiver.firstDelivery(path, enquiry) != null) {
                    delivered++;
                } else {
                    undelivered++;
                }
            }
        }
        long abandoned = undelivered == 0 ? 0 : abandoned(db, hooks.values(), enquiries);
        long published = (long) hooks.size() * enquiries.size();
        return new Accounting(published, delivered, abandoned, published - delivered - abandoned);
    }

    /**
     * Abandoned deliveries of {@code enquiries} to {@code subscriptions}: distinct pairs, since a
     * duplicate record of one delivery can be abandoned twice.
     */
    private static long abandoned(Db db, Collection<UUID> subscriptions, Collection<UUID> enquiries) {
        Set<UUID> ofRun = new HashSet<>(enquiries);
        long abandoned = 0;
        try (Connection connection = db.connect();
             PreparedStatement query = connection.prepareStatement("""
                     select distinct subscription_id, enquiry_id from delivery_attempts
                      where subscription_id = any (?) and outcome = 'abandoned'""")) {
            query.setArray(1, connection.createArrayOf("uuid", subscriptions.toArray()));
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    if (ofRun.contains(rows.getObject(2, UUID.class))) {
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
