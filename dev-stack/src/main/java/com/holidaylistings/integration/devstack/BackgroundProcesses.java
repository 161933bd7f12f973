package com.holidaylistings.integration.devstack;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The stack's processes, each a session of its own that outlives the launcher, with its output in
 * {@code .dev/logs/<name>.log} and its pid in {@code .dev/pids/<name>.pid}. A pid file counts only while
 * its process runs and is the stack's own: its command line holds the process's marker
 * ({@link ProcessMarkers}), so a reused pid is never taken for it (nor signalled).
 */
public final class BackgroundProcesses {

    private static final Duration POLL = Duration.ofMillis(200);
    private static final int LOG_LINES_ON_FAILURE = 60;

    private final StackLayout layout;
    private final ProcessMarkers markers;

    public BackgroundProcesses(StackLayout layout) {
        this.layout = layout;
        this.markers = new ProcessMarkers(layout);
    }

    public StackLayout layout() {
        return layout;
    }

    /** The pid that {@code .dev/pids/<name>.pid} names, whether or not it runs. */
    public Optional<Long> pidFile(String name) {
        try {
            String first = Files.readString(layout.pidFile(name))
                    .lines()
                    .findFirst()
                    .orElse("")
                    .trim();
            return first.matches("[0-9]+") ? Optional.of(Long.parseLong(first)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The pid of {@code name} when its pid file names a live process of this stack. */
    public Optional<Long> runningPid(String name) {
        return pidFile(name).filter(pid -> isExpected(pid, name));
    }

    /**
     * The pid of {@code name} to stop, when it runs. A pid file that names no process of this stack is
     * removed; when its pid is alive (a reused pid), says so: that process is not stopped.
     */
    public Optional<Long> pidToStop(String name) {
        Optional<Long> running = runningPid(name);
        if (running.isPresent()) {
            return running;
        }
        pidFile(name).ifPresent(pid -> {
            if (isAlive(pid)) {
                Console.say(name + ": pid " + pid + " is another process now, not stopping it");
            }
            removePidFile(name);
        });
        return Optional.empty();
    }

    /** True when {@code pid} is alive and is the process {@code name} of this stack (not a reused pid). */
    public boolean isExpected(long pid, String name) {
        if (!isAlive(pid)) {
            return false;
        }
        String commandLine = commandLine(pid);
        return markers.of(name).stream().anyMatch(commandLine::contains);
    }

    public void writePidFile(String name, long pid) {
        write(layout.pidFile(name), pid + "\n");
    }

    public void removePidFile(String name) {
        try {
            Files.deleteIfExists(layout.pidFile(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Starts {@code command} in the background as its own session ({@code setsid}), in the checkout, with
     * {@code environment} added to the launcher's own, its output appended to its log and its pid in its
     * pid file. Answers the pid.
     */
    public long launch(String name, List<String> command, Map<String, String> environment) {
        List<String> detached = new ArrayList<>();
        if (onPath("setsid")) {
            detached.add("setsid");
        }
        detached.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(detached)
                .directory(layout.root().toFile())
                .redirectInput(new File("/dev/null"))
                .redirectErrorStream(true)
                .redirectOutput(
                        ProcessBuilder.Redirect.appendTo(layout.log(name).toFile()));
        builder.environment().putAll(environment);
        removePidFile(name);
        try {
            long pid = builder.start().pid();
            writePidFile(name, pid);
            return pid;
        } catch (IOException e) {
            throw new StackFailure(name + " did not start: " + e.getMessage(), e);
        }
    }

    /** Moves the previous log of {@code name} aside, so that its log shows this run only. */
    public void freshLog(String name) {
        Path log = layout.log(name);
        try {
            Files.createDirectories(log.getParent());
            if (Files.exists(log) && Files.size(log) > 0) {
                Files.move(log, log.resolveSibling(name + ".log.prev"), StandardCopyOption.REPLACE_EXISTING);
            }
            Files.writeString(log, "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Prints the end of {@code name}'s log and answers the failure to throw. */
    public StackFailure failWithLog(String name, String message) {
        Path log = layout.log(name);
        try {
            if (Files.exists(log) && Files.size(log) > 0) {
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                System.err.println("----- last " + LOG_LINES_ON_FAILURE + " lines of " + layout.rel(log) + " -----");
                lines.subList(Math.max(0, lines.size() - LOG_LINES_ON_FAILURE), lines.size())
                        .forEach(System.err::println);
                System.err.println("-----");
            }
        } catch (IOException | UncheckedIOException e) {
            // the message below still says where the log is
        }
        return new StackFailure(name + ": " + message + " (log: " + layout.rel(log) + ")");
    }

    /** Sends {@code signal} (TERM, INT, HUP ...) to {@code pid}, waits up to {@code timeout}, then SIGKILL. */
    public void stop(long pid, String signal, Duration timeout, String label) {
        signal(pid, signal);
        if (!awaitExit(pid, timeout)) {
            Console.warn(
                    label + " (pid " + pid + ") still running after " + timeout.toSeconds() + "s: sending SIGKILL");
            signal(pid, "KILL");
            if (!awaitExit(pid, Duration.ofSeconds(10))) {
                Console.warn(label + " (pid " + pid + ") did not exit");
            }
        }
    }

    public static void signal(long pid, String signal) {
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty()) {
            return;
        }
        switch (signal) {
            case "TERM" -> process.get().destroy();
            case "KILL" -> process.get().destroyForcibly();
            default -> Command.of("kill", "-" + signal, Long.toString(pid)).run();
        }
    }

    /** Waits up to {@code timeout} for {@code pid} to exit; false when it is still there. */
    public static boolean awaitExit(long pid, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (isAlive(pid)) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            pause();
        }
        return true;
    }

    /** True when {@code pid} runs: a zombie (exited, not yet reaped) does not count. */
    public static boolean isAlive(long pid) {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        if (Files.isDirectory(Path.of("/proc", "self"))) {
            try {
                String text = Files.readString(stat);
                int end = text.lastIndexOf(')');
                return end > 0 && end + 2 < text.length() && text.charAt(end + 2) != 'Z';
            } catch (IOException e) {
                return false;
            }
        }
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** The command line of {@code pid}, its arguments joined by spaces; "" when it is gone. */
    public static String commandLine(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            return new String(raw, StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException e) {
            return ProcessHandle.of(pid)
                    .flatMap(process -> process.info().commandLine())
                    .orElse("");
        }
    }

    /** True when something accepts TCP connections on 127.0.0.1:{@code port}. */
    public static boolean portOpen(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    public static void ensurePortFree(int port, String what) {
        if (portOpen(port)) {
            throw new StackFailure("port " + port + " (for " + what
                    + ") is already in use by another process; stop it or choose another port");
        }
    }

    public static boolean onPath(String command) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    /** Waits one poll interval. */
    public static void pause() {
        sleep(POLL);
    }

    /** Waits {@code duration}; an interrupt ends the run. */
    public static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackFailure("interrupted", e);
        }
    }

    /** Writes {@code text} to {@code file} through a temporary file, readable by its user only. */
    public static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.deleteIfExists(tmp);
            Files.createFile(
                    tmp,
                    java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                            java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
            Files.writeString(tmp, text);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
