package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Where each delivery to a hook that fails, answers slowly or not at all is at the end of a run,
 * when the run is shorter than its retries (the dispatcher's default delays are 1 min … 4 h):
 * held by the dispatcher (its row in {@code deliveries}, written at the fan-out, by status:
 * pending, waiting, succeeded, abandoned, …), or without a row but received at the receiver, or
 * neither: lost. published = held + received + lost. Waits as {@link Accounting} does.
 */
record HeldDeliveries(long published, Map<String, Long> heldByStatus, long receivedWithoutRow, long lost) {

    /**
     * Waits up to {@code deadline} until each subscription of {@code hooks} (target path →
     * subscription id) holds or received each of its own enquiries ({@code expected}: target path
     * → the enquiries it should receive).
     */
    static HeldDeliveries settle(
            Db db,
            WebhookReceiver receiver,
            Map<String, UUID> hooks,
            Map<String, Set<UUID>> expected,
            Duration deadline) {
        return Accounting.awaitUntil(() -> count(db, receiver, hooks, expected), held -> held.lost() == 0, deadline);
    }

    long held() {
        return heldByStatus.values().stream().mapToLong(Long::longValue).sum();
    }

    Map<String, Object> asMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("published", published);
        map.put("held_by_the_dispatcher", heldByStatus);
        map.put("received_without_a_row", receivedWithoutRow);
        map.put("lost", lost);
        return map;
    }

    @Override
    public String toString() {
        return "published=%d held=%s received without a row=%d lost=%d"
                .formatted(published, heldByStatus, receivedWithoutRow, lost);
    }

    private static HeldDeliveries count(
            Db db, WebhookReceiver receiver, Map<String, UUID> hooks, Map<String, Set<UUID>> expected) {
        Map<UUID, Map<UUID, String>> rows = rows(db, hooks.values());
        long published = 0;
        long received = 0;
        long lost = 0;
        Map<String, Long> byStatus = new TreeMap<>();
        for (Map.Entry<String, UUID> hook : hooks.entrySet()) {
            Map<UUID, String> ofHook = rows.getOrDefault(hook.getValue(), Map.of());
            for (UUID enquiry : expected.getOrDefault(hook.getKey(), Set.of())) {
                published++;
                String status = ofHook.get(enquiry);
                if (status != null) {
                    byStatus.merge(status, 1L, Long::sum);
                } else if (receiver.firstDelivery(hook.getKey(), enquiry) != null) {
                    received++;
                } else {
                    lost++;
                }
            }
        }
        return new HeldDeliveries(published, byStatus, received, lost);
    }

    /** The status of each delivery row of {@code subscriptions}, by subscription and enquiry. */
    private static Map<UUID, Map<UUID, String>> rows(Db db, Collection<UUID> subscriptions) {
        Map<UUID, Map<UUID, String>> rows = new HashMap<>();
        if (!subscriptions.isEmpty()) {
            db.eachRow(
                    "select subscription_id, enquiry_id, status from deliveries where subscription_id = any (?)",
                    subscriptions,
                    row -> rows.computeIfAbsent(row.getObject(1, UUID.class), subscription -> new HashMap<>())
                            .put(row.getObject(2, UUID.class), row.getString(3)));
        }
        return rows;
    }
}
