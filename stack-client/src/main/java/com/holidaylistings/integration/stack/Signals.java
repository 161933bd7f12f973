package com.holidaylistings.integration.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/** Waiting for a signalled process to be gone. */
final class Signals {

    private static final Duration POLL = Duration.ofMillis(50);

    private Signals() {}

    /**
     * Waits until {@code process} has exited. A process that has exited but not yet been reaped by
     * its parent (a zombie: the stack's processes are reparented to the machine's init, which may
     * reap late) has already closed its files, sockets and locks, so it counts as gone.
     */
    static void awaitExit(ProcessHandle process, Duration deadline, String name) {
        long until = System.nanoTime() + deadline.toNanos();
        while (process.isAlive() && !isZombie(process.pid())) {
            if (System.nanoTime() - until > 0) {
                throw new IllegalStateException(name + " (pid " + process.pid() + ") did not exit within " + deadline);
            }
            LockSupport.parkNanos(POLL.toNanos());
            if (Thread.currentThread().isInterrupted()) {
                throw new IllegalStateException("interrupted while waiting for " + name + " to exit");
            }
        }
    }

    /** Linux's /proc/PID/stat: the state follows the command name in parentheses; Z is a zombie. */
    private static boolean isZombie(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            int end = stat.lastIndexOf(')');
            return end > 0 && end + 2 < stat.length() && stat.charAt(end + 2) == 'Z';
        } catch (IOException e) {
            return false; // gone, or no /proc: isAlive decides
        }
    }
}
