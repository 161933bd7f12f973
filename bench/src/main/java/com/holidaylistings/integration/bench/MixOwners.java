package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.bench.BenchTargets.Kind;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * The owners of the traffic mix, by rank (1 = the one with the most enquiries): each with one
 * property and one hook to all its properties, the first {@code hooks − owners} of them a second
 * hook, every hook on its own path of one receiver. Which hooks fail, answer slowly or hang is
 * drawn with a seeded {@link Random}, whatever their owner's rank: a share of the hooks of each
 * {@link Kind}, the others {@link Kind#OK}. Owners and hooks are made through the internal API and
 * the Integration API as {@link BenchOwner} makes them, {@link #CONCURRENT_CALLS} owners at a time.
 */
final class MixOwners {

    /** Owners made (or hooks removed) at once, each on its virtual thread. */
    static final int CONCURRENT_CALLS = 16;

    /** A hook of the mix: its target path, its subscription, how its receiver answers, its owner's rank. */
    record Hook(String path, UUID subscription, Kind kind, int ownerRank) {}

    /** An owner of the mix: its rank, its property and its hooks. */
    record MixOwner(int rank, BenchOwner owner, UUID property, List<Hook> hooks) {}

    private final List<MixOwner> byRank;
    private final Map<UUID, MixOwner> byProperty = new HashMap<>();

    private MixOwners(List<MixOwner> byRank) {
        this.byRank = byRank;
        byRank.forEach(owner -> byProperty.put(owner.property(), owner));
    }

    /**
     * Makes {@code owners} owners with {@code hooks} hooks on {@code receiver} in all (at least one
     * and at most two each), {@code shares} of them (by kind, 0 to 1) answering badly, drawn with
     * {@code seed}. When one owner cannot be made, the hooks made so far are removed again.
     */
    static MixOwners create(WebhookReceiver receiver, int owners, int hooks, Map<Kind, Double> shares, long seed)
            throws Exception {
        if (hooks < owners || hooks > 2 * owners) {
            throw new IllegalArgumentException("one or two hooks an owner: " + owners + " owners cannot have " + hooks);
        }
        Kind[] kinds = kinds(hooks, shares, seed);
        MixOwner[] made = new MixOwner[owners];
        try {
            concurrently(owners, index -> {
                int rank = index + 1;
                BenchOwner owner = BenchOwner.create("bench-mix-" + rank, receiver);
                List<Hook> ownHooks = new ArrayList<>();
                List<Integer> hookIndexes = rank <= hooks - owners ? List.of(index, owners + index) : List.of(index);
                for (int hook : hookIndexes) {
                    String path = kinds[hook].prefix() + "mix-" + hook;
                    ownHooks.add(new Hook(path, owner.subscribe(path), kinds[hook], rank));
                }
                made[index] = new MixOwner(rank, owner, owner.target().propertyId(), List.copyOf(ownHooks));
            });
        } catch (Exception e) {
            MixOwners partly =
                    new MixOwners(Arrays.stream(made).filter(Objects::nonNull).toList());
            try {
                partly.unsubscribeAll();
            } catch (Exception removing) {
                e.addSuppressed(removing);
            }
            throw e;
        }
        return new MixOwners(List.of(made));
    }

    /** The kind of each hook by its index: the shares of the hooks drawn at random, the rest {@link Kind#OK}. */
    static Kind[] kinds(int hooks, Map<Kind, Double> shares, long seed) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < hooks; i++) {
            order.add(i);
        }
        Collections.shuffle(order, new Random(seed));
        Kind[] kinds = new Kind[hooks];
        Arrays.fill(kinds, Kind.OK);
        int next = 0;
        for (Map.Entry<Kind, Double> share : shares.entrySet()) {
            long count = Math.round(share.getValue() * hooks);
            for (long i = 0; i < count && next < hooks; i++) {
                kinds[order.get(next++)] = share.getKey();
            }
        }
        return kinds;
    }

    int size() {
        return byRank.size();
    }

    /** The owner of {@code rank} (1 = the first). */
    MixOwner ofRank(int rank) {
        return byRank.get(rank - 1);
    }

    /** The owner of {@code property}. */
    MixOwner ofProperty(UUID property) {
        return byProperty.get(property);
    }

    /** Every hook, by owner's rank. */
    List<Hook> hooks() {
        return byRank.stream().flatMap(owner -> owner.hooks().stream()).toList();
    }

    /** The hooks that {@code which} accepts, by target path → subscription, as {@link Accounting} takes them. */
    Map<String, UUID> hooks(Predicate<Hook> which) {
        Map<String, UUID> hooks = new LinkedHashMap<>();
        hooks().stream().filter(which).forEach(hook -> hooks.put(hook.path(), hook.subscription()));
        return hooks;
    }

    /** How many hooks there are of each kind. */
    Map<Kind, Long> countByKind() {
        Map<Kind, Long> counts = new EnumMap<>(Kind.class);
        hooks().forEach(hook -> counts.merge(hook.kind(), 1L, Long::sum));
        return counts;
    }

    /**
     * Removes every hook, {@link #CONCURRENT_CALLS} owners at a time, so that no later run delivers
     * to the receiver's port.
     */
    void unsubscribeAll() throws Exception {
        concurrently(byRank.size(), index -> byRank.get(index).owner().unsubscribeAll());
    }

    /** A task for an index, which may fail. */
    private interface Task {
        void run(int index) throws Exception;
    }

    /**
     * Runs {@code task} for 0 … count − 1, at most {@link #CONCURRENT_CALLS} at once on virtual
     * threads; after a failure it starts no more, waits for those started and throws the first failure.
     */
    private static void concurrently(int count, Task task) throws Exception {
        Semaphore running = new Semaphore(CONCURRENT_CALLS);
        AtomicReference<Exception> failure = new AtomicReference<>();
        List<Future<?>> started = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count && failure.get() == null; i++) {
                int index = i;
                running.acquire();
                started.add(threads.submit(() -> {
                    try {
                        task.run(index);
                    } catch (Exception e) {
                        failure.compareAndSet(null, e);
                    } catch (AssertionError e) { // an answer other than the one expected (Api.Answer.expect)
                        failure.compareAndSet(null, new IllegalStateException(e));
                    } finally {
                        running.release();
                    }
                }));
            }
            for (Future<?> one : started) {
                try {
                    one.get();
                } catch (ExecutionException e) {
                    failure.compareAndSet(null, new IllegalStateException(e.getCause()));
                }
            }
        }
        if (failure.get() != null) {
            throw failure.get();
        }
    }
}
