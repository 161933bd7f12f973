package com.holidaylistings.integration.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The open-loop schedule of the load generators ({@link IntakeLoad} through the intake,
 * {@link EnquiryLoad} straight into the database): each submission leaves at its scheduled time,
 * on its own thread, whatever the earlier ones are doing, so that a stall delays no later
 * submission (no coordinated omission); its latency is then measured from that time.
 */
final class OpenLoop {

    /**
     * A stretch of a run: {@code submissions} at {@code perSecond} a second; {@link #lasting} for
     * whole seconds (a steady rate with a burst in the middle is three stretches, say).
     */
    record Stretch(int perSecond, long submissions) {

        static Stretch lasting(int perSecond, Duration duration) {
            return new Stretch(perSecond, perSecond * duration.toSeconds());
        }

        Duration duration() {
            return Duration.ofNanos(submissions * TimeUnit.SECONDS.toNanos(1) / perSecond);
        }
    }

    /** What to send at a scheduled time: asked on the scheduling thread, in order, then run on its own. */
    interface Submission<T> {
        Callable<T> due(long index, long scheduledAt);
    }

    private OpenLoop() {}

    /** When a run that begins now schedules its first submission ({@link System#nanoTime()}): a moment ahead. */
    static long firstDue() {
        return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50);
    }

    /**
     * Sends the stretches one after the other from {@code start} on {@code threads}; answers what the
     * submissions answered, in their order, without the nulls; counts each that threw on {@code failed}.
     */
    static <T> List<T> run(
            ExecutorService threads, long start, List<Stretch> stretches, Submission<T> submission, Runnable failed) {
        List<Future<T>> sent = new ArrayList<>();
        long stretchStart = start;
        long index = 0;
        for (Stretch stretch : stretches) {
            long interval = TimeUnit.SECONDS.toNanos(1) / stretch.perSecond();
            for (long i = 0; i < stretch.submissions(); i++) {
                long due = stretchStart + i * interval;
                Callable<T> task = submission.due(index++, due);
                LockSupport.parkNanos(due - System.nanoTime());
                sent.add(threads.submit(task));
            }
            stretchStart += stretch.duration().toNanos();
        }
        List<T> answered = new ArrayList<>();
        for (Future<T> one : sent) {
            try {
                T answer = one.get();
                if (answer != null) {
                    answered.add(answer);
                }
            } catch (Exception e) {
                failed.run();
            }
        }
        return answered;
    }
}
