package com.holidaylistings.integration.dispatcher.lane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OwnerLanesTest {

    /** Where the hook does not matter, every delivery is to this one. */
    private static final SubscriptionId HOOK = SubscriptionId.of(UUID.randomUUID());

    private final ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
    private final CountDownLatch release = new CountDownLatch(1);
    private final OwnerId noisy = OwnerId.of(UUID.randomUUID());
    private final OwnerId quiet = OwnerId.of(UUID.randomUUID());

    private final List<OwnerLanes> made = new CopyOnWriteArrayList<>();

    /**
     * Lets every test's lanes run dry before their workers stop: a delivery that ends starts the next
     * one waiting, and one started on workers already shut down would end this test's threads in the
     * next test.
     */
    @AfterEach
    void stop() {
        release.countDown();
        await().until(() -> made.stream().allMatch(lanes -> lanes.lanes() == 0));
        workers.close();
    }

    /** Caps and bounds with a hook's cap that none of these tests reaches. */
    private OwnerLanes lanes(int maxInFlight, int maxInFlightPerOwner, int maxQueuedPerOwner, int maxQueued) {
        return lanes(new OwnerLanes.Bounds(maxInFlight, maxInFlightPerOwner, 1_000, maxQueuedPerOwner, maxQueued));
    }

    private OwnerLanes lanes(OwnerLanes.Bounds bounds) {
        OwnerLanes lanes = new OwnerLanes(bounds, workers);
        made.add(lanes);
        return lanes;
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
        OwnerLanes lanes = lanes(100, 4, 10, 1_000);
        for (int i = 0; i < 10; i++) {
            assertThat(lanes.offer(noisy, HOOK, blocked())).isTrue();
        }
        await().until(() -> lanes.inFlight() == 4);
        assertThat(lanes.queued()).isEqualTo(6);
        assertThat(lanes.atCap()).containsExactly(noisy);

        CountDownLatch ran = new CountDownLatch(1);
        assertThat(lanes.offer(quiet, HOOK, ran::countDown)).isTrue();
        await().atMost(Duration.ofSeconds(5)).until(() -> ran.getCount() == 0);
    }

    @Test
    void anOwnerWithAFullLaneIsRefusedAndNothingIsQueued() {
        OwnerLanes lanes = lanes(100, 1, 2, 1_000);
        assertThat(lanes.offer(noisy, HOOK, blocked())).isTrue();
        assertThat(lanes.offer(noisy, HOOK, blocked())).isTrue();
        assertThat(lanes.offer(noisy, HOOK, blocked())).isTrue();
        assertThat(lanes.offer(noisy, HOOK, blocked()))
                .as("two waiting already")
                .isFalse();
        assertThat(lanes.queued()).isEqualTo(2);
    }

    @Test
    void whenTheProcessIsAtItsCapTheLanesTakeTheFreedSlotsInTurn() {
        OwnerLanes lanes = lanes(1, 10, 100, 1_000);
        List<String> order = orderBehindAFirst(lanes, noisy, HOOK, quiet, HOOK);
        assertThat(order.indexOf("other"))
                .as("the quiet owner's one delivery waits behind one of the noisy owner's, not three")
                .isLessThanOrEqualTo(1);
    }

    @Test
    void onceTheProcessHasAllItMayHoldWaitingAnOwnerIsRefusedBeyondItsShareAndAnotherIsStillTakenIn() {
        OwnerLanes lanes = lanes(100, 1, 100, 10);
        OwnerId hanging = OwnerId.of(UUID.randomUUID());
        assertThat(lanes.offer(noisy, HOOK, blocked())).isTrue(); // in flight
        for (int i = 0; i < 10; i++) {
            assertThat(lanes.offer(noisy, HOOK, blocked())).as("waiting %d", i).isTrue();
        }
        assertThat(lanes.queued()).isEqualTo(10);
        assertThat(lanes.offer(noisy, HOOK, blocked()))
                .as("all ten places of the process are the noisy owner's")
                .isFalse();

        assertThat(lanes.offer(hanging, HOOK, blocked())).as("in flight").isTrue();
        for (int i = 0; i < 5; i++) {
            assertThat(lanes.offer(hanging, HOOK, blocked()))
                    .as("within its share of the ten, %d", i)
                    .isTrue();
        }
        assertThat(lanes.offer(hanging, HOOK, blocked()))
                .as("its share is five")
                .isFalse();
        assertThat(lanes.offer(noisy, HOOK, blocked())).as("over its share").isFalse();
        assertThat(lanes.offer(quiet, HOOK, blocked()))
                .as("an owner with nothing waiting is taken in")
                .isTrue();
        assertThat(lanes.offer(quiet, HOOK, blocked()))
                .as("and its first waiting delivery too")
                .isTrue();
        assertThat(lanes.queued()).isEqualTo(16).isLessThanOrEqualTo(2 * 10);
        assertThat(lanes.busy()).contains(noisy, hanging);
    }

    @Test
    void whatWaitsInAllStaysWithinTwiceTheBoundHoweverManyOwnersCome() {
        OwnerLanes lanes = lanes(1, 1, 1_000, 100);
        assertThat(lanes.offer(noisy, HOOK, blocked())).isTrue(); // the one slot of the process, held
        for (int owner = 0; owner < 1_000; owner++) {
            OwnerId each = OwnerId.of(UUID.randomUUID());
            while (lanes.offer(each, HOOK, blocked())) {
                assertThat(lanes.queued()).isLessThanOrEqualTo(2 * 100);
            }
        }
        assertThat(lanes.queued()).isBetween(100, 200);
    }

    @Test
    void aHookAtItsCapWaitsWithoutASlotWhileTheOwnersOtherHookRunsAtOnce() {
        OwnerLanes lanes = lanes(new OwnerLanes.Bounds(100, 4, 2, 100, 1_000));
        SubscriptionId slow = SubscriptionId.of(UUID.randomUUID());
        for (int i = 0; i < 5; i++) {
            assertThat(lanes.offer(noisy, slow, blocked())).isTrue();
        }
        await().until(() -> lanes.inFlight() == 2);
        assertThat(lanes.queued())
                .as("the slow hook's others wait, holding none of the owner's slots")
                .isEqualTo(3);

        CountDownLatch ran = new CountDownLatch(1);
        assertThat(lanes.offer(noisy, SubscriptionId.of(UUID.randomUUID()), ran::countDown))
                .isTrue();
        await().atMost(Duration.ofSeconds(5)).until(() -> ran.getCount() == 0);
        assertThat(lanes.inFlight()).isEqualTo(2);

        release.countDown();
        await().until(() -> lanes.lanes() == 0);
        assertThat(lanes.queued()).isZero();
    }

    @Test
    void anOwnersHooksTakeItsSlotsInTurn() {
        OwnerLanes lanes = lanes(100, 1, 100, 1_000);
        List<String> order = orderBehindAFirst(lanes, noisy, SubscriptionId.of(UUID.randomUUID()), noisy, HOOK);
        assertThat(order.indexOf("other"))
                .as("the other hook's one delivery waits behind one of the busy hook's, not three")
                .isLessThanOrEqualTo(1);
    }

    /**
     * One delivery of {@code busy}'s hook that runs until released, three more of it and then one of
     * {@code other}'s offered behind it: the order the four ran in ("busy", "other") once it ended.
     */
    private List<String> orderBehindAFirst(
            OwnerLanes lanes, OwnerId busy, SubscriptionId busyHook, OwnerId other, SubscriptionId otherHook) {
        lanes.offer(busy, busyHook, blocked());
        List<String> order = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 3; i++) {
            lanes.offer(busy, busyHook, () -> order.add("busy"));
        }
        lanes.offer(other, otherHook, () -> order.add("other"));
        release.countDown();
        await().until(() -> order.size() == 4);
        await().until(() -> lanes.lanes() == 0);
        return order;
    }

    @Test
    void tellsOnceWhenTheLaneOfAnOwnerWithDeliveriesRefusedFallsBelowHalf() {
        OwnerLanes lanes = lanes(100, 1, 10, 1_000);
        AtomicInteger told = new AtomicInteger();
        lanes.whenHalfEmpty(told::incrementAndGet);
        assertThat(lanes.offer(noisy, HOOK, blocked())).isTrue(); // in flight
        for (int i = 0; i < 10; i++) {
            assertThat(lanes.offer(noisy, HOOK, () -> {})).isTrue();
        }
        assertThat(lanes.offer(noisy, HOOK, () -> {}))
                .as("refused: it waits on its row")
                .isFalse();

        release.countDown();

        await().until(() -> lanes.lanes() == 0);
        assertThat(told).as("once, as the ten waiting fell below five").hasValue(1);
    }

    @Test
    void tellsWhenALaneFedFromRowsFallsBelowHalfHoweverLittleItWasGiven() {
        OwnerLanes lanes = lanes(100, 1, 10, 1_000);
        AtomicInteger told = new AtomicInteger();
        lanes.whenHalfEmpty(told::incrementAndGet);
        assertThat(lanes.offer(noisy, HOOK, blocked())).isTrue(); // in flight
        for (int i = 0; i < 4; i++) {
            assertThat(lanes.offerFromRow(noisy, HOOK, () -> {})).isTrue(); // never half of the ten
        }

        release.countDown();

        await().until(() -> lanes.lanes() == 0);
        assertThat(told).hasValue(1);
    }

    @Test
    void tellsNothingOfAnOwnerWithNothingOnItsRows() {
        OwnerLanes lanes = lanes(100, 1, 10, 1_000);
        AtomicInteger told = new AtomicInteger();
        lanes.whenHalfEmpty(told::incrementAndGet);
        assertThat(lanes.offer(noisy, HOOK, blocked())).isTrue();
        for (int i = 0; i < 10; i++) {
            assertThat(lanes.offer(noisy, HOOK, () -> {})).isTrue();
        }

        release.countDown();

        await().until(() -> lanes.lanes() == 0);
        assertThat(told).hasValue(0);
    }

    @Test
    void aDeliveryDueWhenTheWorkersHaveStoppedIsLeftWhereItIsStoredAndItsSlotGivenBack() {
        ExecutorService stopping = Executors.newVirtualThreadPerTaskExecutor();
        OwnerLanes lanes = new OwnerLanes(new OwnerLanes.Bounds(100, 1, 1_000, 10, 1_000), stopping);
        CountDownLatch ends = new CountDownLatch(1);
        AtomicInteger ran = new AtomicInteger();
        assertThat(lanes.offer(noisy, HOOK, () -> {
                    try {
                        ends.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }))
                .isTrue();
        assertThat(lanes.offer(noisy, HOOK, ran::incrementAndGet)).isTrue(); // waits for the owner's one slot
        stopping.shutdown();

        ends.countDown();

        await().until(stopping::isTerminated);
        assertThat(ran).as("never started").hasValue(0);
        assertThat(lanes.inFlight()).isZero();
        assertThat(lanes.queued()).isZero();
        assertThat(lanes.offer(quiet, HOOK, ran::incrementAndGet))
                .as("taken, though it cannot run")
                .isTrue();
        assertThat(lanes.inFlight()).isZero();
    }
}
