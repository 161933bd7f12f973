package com.holidaylistings.integration.devstack.postgres;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Console;
import java.util.Optional;

/** dev/down.sh's view of a pid file: the process to stop, or a stale pid file to remove. */
final class StackProcess {

    private StackProcess() {}

    /** The pid of {@code name} when it runs; otherwise its pid file is removed (and a reused pid named). */
    static Optional<Long> toStop(BackgroundProcesses processes, String name) {
        Optional<Long> running = processes.runningPid(name);
        if (running.isPresent()) {
            return running;
        }
        processes.pidFile(name).ifPresent(pid -> {
            if (BackgroundProcesses.isAlive(pid)) {
                Console.say(name + ": pid " + pid + " is another process now, not stopping it");
            }
            processes.removePidFile(name);
        });
        return Optional.empty();
    }
}
