package com.holidaylistings.integration.system;

import com.holidaylistings.integration.stack.Intake;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The listing site sending guests' enquiries at a steady rate (open loop: each is sent at its
 * scheduled time, whatever the previous ones are doing). Like the listing site, it gives each
 * enquiry an idempotency key and sends it again with that key when the intake cannot be reached or
 * answers 503, 409 or another 5xx, for up to two minutes ({@link Intake}); only the enquiries the
 * intake accepted (201) count as published. Enquiry {@code n} has the subject "Enquiry n".
 */
final class EnquiryStream implements AutoCloseable {

    private static final Duration GIVE_UP_AFTER = Duration.ofMinutes(2);

    private final UUID propertyId;
    private final Set<UUID> accepted = ConcurrentHashMap.newKeySet();
    private final AtomicInteger replayed = new AtomicInteger();
    private final Map<String, AtomicInteger> failures = new ConcurrentHashMap<>();
    private final AtomicInteger started = new AtomicInteger();
    private volatile boolean finishing;
    private final List<CompletableFuture<Void>> sends = new ArrayList<>();
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final CompletableFuture<Void> schedule;

    private EnquiryStream(UUID propertyId, int count, int perSecond) {
        this.propertyId = propertyId;
        long startedAt = System.nanoTime();
        long interval = TimeUnit.SECONDS.toNanos(1) / perSecond;
        schedule = CompletableFuture.runAsync(
                () -> {
                    for (int i = 0; i < count && !finishing; i++) {
                        LockSupport.parkNanos(startedAt + i * interval - System.nanoTime());
                        int number = i;
                        CompletableFuture<Void> send = CompletableFuture.runAsync(() -> send(number), threads);
                        synchronized (sends) {
                            sends.add(send);
                        }
                        started.incrementAndGet();
                    }
                },
                threads);
    }

    /** Starts sending {@code count} enquiries about {@code propertyId}, {@code perSecond} a second. */
    static EnquiryStream start(UUID propertyId, int count, int perSecond) {
        return new EnquiryStream(propertyId, count, perSecond);
    }

    /** Starts sending enquiries about {@code propertyId}, {@code perSecond} a second, until {@link #finish()}. */
    static EnquiryStream start(UUID propertyId, int perSecond) {
        return new EnquiryStream(propertyId, Integer.MAX_VALUE, perSecond);
    }

    /** Sends no more new enquiries; those started are still sent until accepted. */
    void finish() {
        finishing = true;
    }

    /** How many enquiries have been sent (a first time) so far. */
    int started() {
        return started.get();
    }

    /** Waits until every enquiry is sent and answered; answers the ids of those accepted. */
    Set<UUID> awaitAccepted() {
        schedule.join();
        List<CompletableFuture<Void>> all;
        synchronized (sends) {
            all = List.copyOf(sends);
        }
        CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
        return Set.copyOf(accepted);
    }

    /** How many enquiries were accepted by an answer given again to a retry (Idempotent-Replayed). */
    int replayed() {
        return replayed.get();
    }

    /** The failed sends (each retried), by kind: an HTTP status or an exception's class. */
    Map<String, Integer> failures() {
        Map<String, Integer> counts = new java.util.TreeMap<>();
        failures.forEach((kind, count) -> counts.put(kind, count.get()));
        return counts;
    }

    @Override
    public void close() {
        schedule.cancel(true);
        threads.shutdownNow();
    }

    private void send(int number) {
        Intake.Accepted enquiry = Intake.submit(propertyId, "Enquiry " + number, GIVE_UP_AFTER);
        accepted.add(enquiry.enquiryId());
        if (enquiry.replayed()) {
            replayed.incrementAndGet();
        }
        enquiry.failures()
                .forEach(kind ->
                        failures.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet());
    }
}
