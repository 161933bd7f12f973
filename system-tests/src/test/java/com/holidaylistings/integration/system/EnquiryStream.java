package com.holidaylistings.integration.system;

import com.holidaylistings.integration.stack.Api;
import java.io.IOException;
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
 * scheduled time, whatever the previous ones are doing). Like the listing site, it sends an
 * enquiry again when the intake cannot be reached or answers 5xx, for up to two minutes; only the
 * enquiries the intake accepted (201) count as published.
 */
final class EnquiryStream implements AutoCloseable {

    private static final Duration GIVE_UP_AFTER = Duration.ofMinutes(2);

    private final UUID propertyId;
    private final Set<UUID> accepted = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicInteger> failures = new ConcurrentHashMap<>();
    private final AtomicInteger started = new AtomicInteger();
    private final List<CompletableFuture<Void>> sends = new ArrayList<>();
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final CompletableFuture<Void> schedule;

    private EnquiryStream(UUID propertyId, int count, int perSecond) {
        this.propertyId = propertyId;
        long startedAt = System.nanoTime();
        long interval = TimeUnit.SECONDS.toNanos(1) / perSecond;
        schedule = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < count; i++) {
                LockSupport.parkNanos(startedAt + i * interval - System.nanoTime());
                int number = i;
                CompletableFuture<Void> send = CompletableFuture.runAsync(() -> send(number), threads);
                synchronized (sends) {
                    sends.add(send);
                }
                started.incrementAndGet();
            }
        }, threads);
    }

    /** Starts sending {@code count} enquiries about {@code propertyId}, {@code perSecond} a second. */
    static EnquiryStream start(UUID propertyId, int count, int perSecond) {
        return new EnquiryStream(propertyId, count, perSecond);
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
        long deadline = System.nanoTime() + GIVE_UP_AFTER.toNanos();
        while (true) {
            String failure;
            try {
                Api.Answer answer = Api.submitEnquiry(propertyId, "Enquiry " + number);
                if (answer.status() == 201) {
                    accepted.add(UUID.fromString(answer.body().get("enquiry").get("id").asString()));
                    return;
                }
                if (answer.status() < 500) {
                    throw new AssertionError("the intake refused enquiry " + number + ": " + answer.status() + " " + answer.body());
                }
                failure = Integer.toString(answer.status());
            } catch (IOException e) {
                failure = e.getClass().getSimpleName();
            }
            failures.computeIfAbsent(failure, kind -> new AtomicInteger()).incrementAndGet();
            if (System.nanoTime() > deadline) {
                throw new AssertionError("enquiry " + number + " could not be submitted for " + GIVE_UP_AFTER);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(250));
        }
    }
}
