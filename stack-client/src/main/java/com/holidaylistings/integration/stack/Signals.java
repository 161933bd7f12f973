package com.holidaylistings.integration.stack;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waiting for a signalled process to be gone. */
final class Signals {

    private Signals() {
    }

    static void awaitExit(ProcessHandle process, Duration deadline, String name) {
        try {
            process.onExit().get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException(name + " (pid " + process.pid() + ") did not exit within " + deadline);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
