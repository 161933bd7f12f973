package com.holidaylistings.integration.dispatcher.batching;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BatchesTest {

    private final CountDownLatch databaseBack = new CountDownLatch(1);
    private final List<List<Integer>> written = new CopyOnWriteArrayList<>();
    private Batches<Integer, Void> writer;

    @AfterEach
    void stop() {
        databaseBack.countDown();
        if (writer != null) {
            writer.stop();
        }
    }

    private void slowWrite(List<Integer> items) {
        try {
            databaseBack.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        written.add(items);
    }

    @Test
    void whileTheWorkIsSlowABoundedQueueHoldsItsCallersBackInsteadOfGrowing() {
        writer = Batches.writer("bounded", 2, 3, this::slowWrite);
        writer.start();
        AtomicInteger submitted = new AtomicInteger();
        Thread.ofVirtual().start(() -> {
            for (int i = 0; i < 20; i++) {
                writer.submit(i);
                submitted.incrementAndGet();
            }
        });
        // one or two items taken into the batch that waits for the database, three queued: the next caller waits
        await().atMost(Duration.ofSeconds(5)).until(() -> submitted.get() >= 4);
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2)).until(() -> submitted.get() <= 5);

        databaseBack.countDown();
        await().atMost(Duration.ofSeconds(5))
                .until(() -> submitted.get() == 20
                        && written.stream().mapToInt(List::size).sum() == 20);
        assertThat(written).allSatisfy(batch -> assertThat(batch).hasSizeLessThanOrEqualTo(2));
    }

    @Test
    void anUnboundedQueueTakesEveryItemAtOnce() {
        writer = Batches.writer("unbounded", 2, Integer.MAX_VALUE, this::slowWrite);
        writer.start();
        for (int i = 0; i < 1_000; i++) {
            writer.submit(i);
        }
        databaseBack.countDown();
        await().atMost(Duration.ofSeconds(5))
                .until(() -> written.stream().mapToInt(List::size).sum() == 1_000);
    }
}
