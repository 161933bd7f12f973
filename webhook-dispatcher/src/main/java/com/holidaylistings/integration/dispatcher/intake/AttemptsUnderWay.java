package com.holidaylistings.integration.dispatcher.intake;

import com.holidaylistings.integration.dispatcher.records.DeliveryTask;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The attempts under way in this process, one at a time per delivery: a record (or a row the row
 * poller took) of a delivery that another already holds (waiting in a lane, being attempted, being
 * parked, its retry record being sent) waits for it to finish, and then goes on with the row as
 * that one left it. It is not dropped: the one under way may end without an attempt (its row had
 * been parked), and the later one, such as the row poller's, is then the one the delivery waits for.
 * A later one at a version the row has moved on from is passed over then.
 */
final class AttemptsUnderWay {

    /** Each delivery under way, by its webhook-id, with the records of it that wait their turn. */
    private final Map<String, Queue<Runnable>> underWay = new ConcurrentHashMap<>();

    /**
     * True when {@code task}'s attempt was not under way: it is now, until {@link #finished}. False
     * when it was: {@code later} runs, holding it, once the ones before it finished.
     */
    boolean claim(DeliveryTask task, Runnable later) {
        boolean[] claimed = {false};
        underWay.compute(key(task), (key, waiting) -> {
            if (waiting == null) {
                claimed[0] = true;
                return new ArrayDeque<>();
            }
            waiting.add(later);
            return waiting;
        });
        return claimed[0];
    }

    /** The holder of {@code task}'s attempt is done with it: the next record waiting for it runs now, here. */
    void finished(DeliveryTask task) {
        Runnable[] next = {null};
        underWay.computeIfPresent(key(task), (key, waiting) -> {
            next[0] = waiting.poll();
            return next[0] == null ? null : waiting;
        });
        if (next[0] != null) {
            next[0].run();
        }
    }

    private static String key(DeliveryTask task) {
        return task.webhookId();
    }
}
