package com.holidaylistings.integration.dispatcher.lane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.events.delivery.OwnerId;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OwnerLanesTest {

    private final ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
    private final CountDownLatch release = new CountDownLatch(1);
    private final OwnerId noisy = OwnerId.of(UUID.randomUUID());
    private final OwnerId quiet = OwnerId.of(UUID.randomUUID());

    @AfterEach
    void stop() {
        release.countDown();
        workers.shutdownNow();
    }

    private Runnable blocked() {
        return () -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    @Test
    void anOwnerAtItsCapWaitsInItsLaneWhileAnotherOwnerRunsAtOnce() {
        OwnerLanes lanes = new OwnerLanes(100, 4, 10, 1_000, workers);
        for (int i = 0; i < 10; i++) {
            assertThat(lanes.offer(noisy, blocked())).isTrue();
        }
        await().until(() -> lanes.inFlight() == 4);
        assertThat(lanes.queued()).isEqualTo(6);
        assertThat(lanes.atCap()).containsExactly(noisy);

        CountDownLatch ran = new CountDownLatch(1);
        assertThat(lanes.offer(quiet, ran::countDown)).isTrue();
        await().atMost(Duration.ofSeconds(5)).until(() -> ran.getCount() == 0);
    }

    @Test
    void anOwnerWithAFullLaneIsRefusedAndNothingIsQueued() {
        OwnerLanes lanes = new OwnerLanes(100, 1, 2, 1_000, workers);
        assertThat(lanes.offer(noisy, blocked())).isTrue();
        assertThat(lanes.offer(noisy, blocked())).isTrue();
        assertThat(lanes.offer(noisy, blocked())).isTrue();
        assertThat(lanes.offer(noisy, blocked())).as("two waiting already").isFalse();
        assertThat(lanes.queued()).isEqualTo(2);
    }

    @Test
    void whenTheProcessIsAtItsCapTheLanesTakeTheFreedSlotsInTurn() throws InterruptedException {
        OwnerLanes lanes = new OwnerLanes(1, 10, 100, 1_000, workers);
        CountDownLatch first = new CountDownLatch(1);
        lanes.offer(noisy, () -> {
            try {
                first.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        List<String> order = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 3; i++) {
            lanes.offer(noisy, () -> order.add("noisy"));
        }
        lanes.offer(quiet, () -> order.add("quiet"));
        first.countDown();
        await().until(() -> order.size() == 4);
        assertThat(order.indexOf("quiet")).as("the quiet owner's one delivery waits behind one of the noisy owner's, not three")
                .isLessThanOrEqualTo(1);
        await().until(() -> lanes.lanes() == 0);
    }

    @Test
    void onceTheProcessHasAllItMayHoldWaitingAnOwnerIsRefusedBeyondItsShareAndAnotherIsStillTakenIn() {
        OwnerLanes lanes = new OwnerLanes(100, 1, 100, 10, workers);
        OwnerId hanging = OwnerId.of(UUID.randomUUID());
        assertThat(lanes.offer(noisy, blocked())).isTrue(); // in flight
        for (int i = 0; i < 10; i++) {
            assertThat(lanes.offer(noisy, blocked())).as("waiting %d", i).isTrue();
        }
        assertThat(lanes.queued()).isEqualTo(10);
        assertThat(lanes.offer(noisy, blocked())).as("all ten places of the process are the noisy owner's").isFalse();

        assertThat(lanes.offer(hanging, blocked())).as("in flight").isTrue();
        for (int i = 0; i < 5; i++) {
            assertThat(lanes.offer(hanging, blocked())).as("within its share of the ten, %d", i).isTrue();
        }
        assertThat(lanes.offer(hanging, blocked())).as("its share is five").isFalse();
        assertThat(lanes.offer(noisy, blocked())).as("over its share").isFalse();
        assertThat(lanes.offer(quiet, blocked())).as("an owner with nothing waiting is taken in").isTrue();
        assertThat(lanes.offer(quiet, blocked())).as("and its first waiting delivery too").isTrue();
        assertThat(lanes.queued()).isEqualTo(16).isLessThanOrEqualTo(2 * 10);
        assertThat(lanes.busy()).contains(noisy, hanging);
    }

    @Test
    void whatWaitsInAllStaysWithinTwiceTheBoundHoweverManyOwnersCome() {
        OwnerLanes lanes = new OwnerLanes(1, 1, 1_000, 100, workers);
        assertThat(lanes.offer(noisy, blocked())).isTrue(); // the one slot of the process, held
        for (int owner = 0; owner < 1_000; owner++) {
            OwnerId each = OwnerId.of(UUID.randomUUID());
            while (lanes.offer(each, blocked())) {
                assertThat(lanes.queued()).isLessThanOrEqualTo(2 * 100);
            }
        }
        assertThat(lanes.queued()).isBetween(100, 200);
    }
}
