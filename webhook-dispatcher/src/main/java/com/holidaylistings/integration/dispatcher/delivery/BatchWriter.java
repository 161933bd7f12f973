package com.holidaylistings.integration.dispatcher.delivery;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One platform thread that writes what is handed to it in batches: whatever has queued up since the
 * last write, up to {@code maxBatch} items, in one call of {@code write}. Each item's future completes
 * when its batch is written, or fails with its batch. On stop it writes what is still queued.
 * The attempt log and the parking lot share it, so that a burst costs a few statements and no
 * thread (or connection) per item.
 */
final class BatchWriter<T> {

    private static final Logger log = LoggerFactory.getLogger(BatchWriter.class);

    private record Pending<T>(T item, CompletableFuture<Void> written) {}

    private final String name;
    private final int maxBatch;
    private final Consumer<List<T>> write;
    private final BlockingQueue<Pending<T>> queue = new LinkedBlockingQueue<>();
    private volatile boolean running;
    private Thread thread;

    BatchWriter(String name, int maxBatch, Consumer<List<T>> write) {
        this.name = name;
        this.maxBatch = maxBatch;
        this.write = write;
    }

    CompletableFuture<Void> submit(T item) {
        CompletableFuture<Void> written = new CompletableFuture<>();
        queue.add(new Pending<>(item, written));
        return written;
    }

    private void writeBatches() {
        List<Pending<T>> batch = new ArrayList<>(maxBatch);
        while (running || !queue.isEmpty()) {
            try {
                Pending<T> first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, maxBatch - 1);
                write.accept(batch.stream().map(Pending::item).toList());
                batch.forEach(pending -> pending.written().complete(null));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                log.warn("{}: could not write a batch of {}: {}", name, batch.size(), e.getMessage());
                batch.forEach(pending -> pending.written().completeExceptionally(e));
            } finally {
                batch.clear();
            }
        }
    }

    void start() {
        running = true;
        thread = Thread.ofPlatform().name(name).start(this::writeBatches);
    }

    /** Writes what is queued, for at most 10 s, then stops. */
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
