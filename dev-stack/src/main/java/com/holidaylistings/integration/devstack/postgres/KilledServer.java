package com.holidaylistings.integration.devstack.postgres;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.StackFailure;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a server killed with SIGKILL leaves: {@code postmaster.pid}, and its backends, which run on for a
 * moment (they exit when they notice the postmaster is gone). PostgreSQL refuses to start while one of them
 * still holds the old server's shared memory, or while the pid in its lock files is taken (the killed
 * postmaster not reaped yet, or the pid reused): so the launcher waits, bounded, until no process of the old
 * server is left, then removes the lock files (the data directory's and the socket's) whose pid is taken by
 * anything else.
 */
final class KilledServer {

    /** How long the processes of a killed server may take to exit before the start gives up. */
    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(30);

    private KilledServer() {}

    static void settle(StackLayout layout, ClusterPlace place, int port) {
        Path postmaster = LockFiles.postmaster(place.data());
        if (!Files.exists(postmaster)) {
            return;
        }
        long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
        List<Long> pids = serverProcesses(place.data());
        if (!pids.isEmpty()) {
            Console.say("PostgreSQL: waiting for the processes of the previous server to exit (" + joined(pids) + ")");
        }
        while (!pids.isEmpty()) {
            if (System.nanoTime() - deadline >= 0) {
                throw new StackFailure("PostgreSQL: processes of an earlier server (" + joined(pids) + ") still run in "
                        + place.data() + " after " + SETTLE_TIMEOUT.toSeconds()
                        + "s; stop them (dev/down.sh, or kill them) and run dev/up.sh again");
            }
            BackgroundProcesses.pause();
            pids = serverProcesses(place.data());
        }
        for (Path lock : List.of(postmaster, LockFiles.socket(place.socketDirectory(), port))) {
            Optional<Long> pid = LockFiles.pid(lock);
            if (pid.isPresent() && taken(pid.get())) {
                Console.say("PostgreSQL: removing the stale " + layout.rel(lock) + " (its pid " + pid.get()
                        + " is no longer this cluster's server)");
                try {
                    Files.deleteIfExists(lock);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    /**
     * The processes whose working directory is the cluster's data directory: PostgreSQL changes into it at
     * start, so that is the server and every one of its backends. None where /proc is missing.
     */
    static List<Long> serverProcesses(Path data) {
        if (!Files.isDirectory(Path.of("/proc", "self"))) {
            return List.of();
        }
        Path real;
        try {
            real = data.toRealPath();
        } catch (IOException e) {
            return List.of();
        }
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            return processes
                    .filter(process -> process.getFileName().toString().matches("[0-9]+"))
                    .filter(process -> real.equals(workingDirectory(process)))
                    .map(process -> Long.parseLong(process.getFileName().toString()))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static Path workingDirectory(Path process) {
        try {
            return Files.readSymbolicLink(process.resolve("cwd"));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null;
        }
    }

    /** True when some process, a zombie too, has {@code pid}: PostgreSQL then takes its lock file for live. */
    private static boolean taken(long pid) {
        return Files.isDirectory(Path.of("/proc", Long.toString(pid)))
                || ProcessHandle.of(pid).isPresent();
    }

    private static String joined(List<Long> pids) {
        return pids.stream().map(String::valueOf).collect(Collectors.joining(" "));
    }
}
