package com.holidaylistings.integration.dispatcher.batching;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One platform thread that does what is handed to it in batches: whatever has queued up since the
 * last batch, up to {@code maxBatch} items, in one call of {@code work}, which answers one result per
 * item, in order. Each item's future completes with its result when its batch is done, or fails with
 * its batch. Nothing waits to fill a batch: alone, an item goes at once; under load, the items that
 * came while a batch ran go together in the next. On stop it does what is still queued. The attempt
 * log and the parking lot write through it, and the attempts read their deliveries' rows through it,
 * so that a burst costs a few statements and no thread (or connection) per item. A caller that does
 * not wait for its item's result (the attempt log's) can be held back instead: with a bound on what
 * may be queued, {@link #submit} waits for room, so that work does not pile up in memory faster than
 * the database takes it.
 */
public final class Batches<T, R> {

    private static final Logger log = LoggerFactory.getLogger(Batches.class);

    private record Pending<T, R>(T item, CompletableFuture<R> done) {}

    private final String name;
    private final int maxBatch;
    private final Function<List<T>, List<R>> work;
    private final BlockingQueue<Pending<T, R>> queue;
    private volatile boolean running;
    private Thread thread;

    public Batches(String name, int maxBatch, Function<List<T>, List<R>> work) {
        this(name, maxBatch, Integer.MAX_VALUE, work);
    }

    private Batches(String name, int maxBatch, int maxQueued, Function<List<T>, List<R>> work) {
        this.name = name;
        this.maxBatch = maxBatch;
        this.queue = new LinkedBlockingQueue<>(maxQueued);
        this.work = work;
    }

    /** As {@link #Batches(String, int, Function)}, {@link #submit} waiting while {@code maxQueued} items are queued. */
    public static <T, R> Batches<T, R> bounded(
            String name, int maxBatch, int maxQueued, Function<List<T>, List<R>> work) {
        return new Batches<>(name, maxBatch, maxQueued, work);
    }

    /** Batches whose work writes the items and has no result for them, {@link #submit} waiting while {@code maxQueued} are queued. */
    public static <T> Batches<T, Void> writer(String name, int maxBatch, int maxQueued, Consumer<List<T>> write) {
        return bounded(name, maxBatch, maxQueued, items -> {
            write.accept(items);
            return Collections.nCopies(items.size(), null);
        });
    }

    /** Queues {@code item}, waiting for room when the queue is bounded and full; its future completes with its batch. */
    public CompletableFuture<R> submit(T item) {
        CompletableFuture<R> done = new CompletableFuture<>();
        try {
            queue.put(new Pending<>(item, done));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            done.completeExceptionally(e);
        }
        return done;
    }

    private void doBatches() {
        List<Pending<T, R>> batch = new ArrayList<>(maxBatch);
        while (running || !queue.isEmpty()) {
            try {
                Pending<T, R> first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, maxBatch - 1);
                List<R> results = work.apply(batch.stream().map(Pending::item).toList());
                for (int i = 0; i < batch.size(); i++) {
                    batch.get(i).done().complete(results.get(i));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                log.warn("{}: could not do a batch of {}: {}", name, batch.size(), e.getMessage());
                batch.forEach(pending -> pending.done().completeExceptionally(e));
            } finally {
                batch.clear();
            }
        }
    }

    void start() {
        running = true;
        thread = Thread.ofPlatform().name(name).start(this::doBatches);
    }

    /** Does what is queued, for at most 10 s, then stops. */
    void stop() {
        running = false;
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    boolean isRunning() {
        return running;
    }
}
