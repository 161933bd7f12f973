package com.holidaylistings.integration.devstack;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A short command that the launcher runs to its end (the stack's own processes are
 * {@link BackgroundProcesses#launch}'s): where it runs, what it adds to the launcher's environment (or its
 * whole environment), what it reads (nothing unless given) and how long it may take, its output captured
 * or written to a log. A command that cannot start answers {@link #FAILED}, the reason where its output
 * would have gone; one that outlasts its timeout is killed with its children and answers {@link #FAILED}.
 */
public final class Command {

    /** The status of a command that could not start or outlasted its timeout. */
    public static final int FAILED = -1;

    private static final File NO_INPUT = new File("/dev/null");

    private final List<String> arguments;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private boolean ownEnvironmentOnly;
    private Path directory;
    private InputStream input;
    private Duration timeout;

    private Command(List<String> arguments) {
        this.arguments = List.copyOf(arguments);
    }

    /** How a command ended: its status, its output and, when captured apart, its errors. */
    public record Result(int status, String output, String errors) {

        public boolean ok() {
            return status == 0;
        }

        /** This result when the command succeeded; else a failure saying {@code failure} and its output. */
        public Result require(String failure) {
            if (!ok()) {
                throw new StackFailure(failure + ": " + output.strip());
            }
            return this;
        }
    }

    public static Command of(List<String> arguments) {
        return new Command(arguments);
    }

    public static Command of(String... arguments) {
        return new Command(List.of(arguments));
    }

    /** Runs it in {@code dir} rather than the launcher's working directory. */
    public Command in(Path dir) {
        this.directory = dir;
        return this;
    }

    /** Adds {@code variables} to the launcher's environment. */
    public Command with(Map<String, String> variables) {
        environment.putAll(variables);
        return this;
    }

    /** Runs it with {@code variables} as its whole environment, none of the launcher's. */
    public Command withOnly(Map<String, String> variables) {
        ownEnvironmentOnly = true;
        return with(variables);
    }

    /** Gives it {@code text} on its stdin. */
    public Command input(String text) {
        return input(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Gives it what {@code stream} holds on its stdin; the caller closes the stream. */
    public Command input(InputStream stream) {
        this.input = stream;
        return this;
    }

    /** Kills it, and what it started, when it runs longer than {@code limit}. */
    public Command timeout(Duration limit) {
        this.timeout = limit;
        return this;
    }

    /** Runs it; its output is what it printed on stdout and stderr. */
    public Result capture() {
        return captured(false);
    }

    /** Runs it; its output is what it printed on stdout, its errors what it printed on stderr. */
    public Result captureApart() {
        return captured(true);
    }

    /** Runs it, its output (stderr too) added to {@code log}; answers its status. */
    public int appendTo(Path log) {
        return logged(log, true);
    }

    /** Runs it, its output (stderr too) replacing {@code log}; answers its status. */
    public int writeTo(Path log) {
        return logged(log, false);
    }

    /** Runs it, its output discarded; answers its status. */
    public int run() {
        ProcessBuilder builder = builder().redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        try {
            return finish(builder.start());
        } catch (IOException e) {
            return FAILED;
        }
    }

    private Result captured(boolean apart) {
        Process process;
        try {
            process = builder().redirectErrorStream(!apart).start();
        } catch (IOException e) {
            return apart ? new Result(FAILED, "", e.getMessage()) : new Result(FAILED, e.getMessage(), "");
        }
        CompletableFuture<String> output = read(process.getInputStream());
        CompletableFuture<String> errors =
                apart ? read(process.getErrorStream()) : CompletableFuture.completedFuture("");
        int status = finish(process);
        return new Result(status, output.join(), errors.join());
    }

    private int logged(Path log, boolean append) {
        try {
            Files.createDirectories(log.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ProcessBuilder builder = builder()
                .redirectErrorStream(true)
                .redirectOutput(
                        append
                                ? ProcessBuilder.Redirect.appendTo(log.toFile())
                                : ProcessBuilder.Redirect.to(log.toFile()));
        try {
            return finish(builder.start());
        } catch (IOException e) {
            try {
                Files.writeString(
                        log,
                        arguments.getFirst() + ": " + e.getMessage() + "\n",
                        StandardOpenOption.CREATE,
                        append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING);
            } catch (IOException ignored) {
                // the caller reports the failure with the log
            }
            return FAILED;
        }
    }

    private ProcessBuilder builder() {
        ProcessBuilder builder = new ProcessBuilder(arguments);
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        if (ownEnvironmentOnly) {
            builder.environment().clear();
        }
        builder.environment().putAll(environment);
        if (input == null) {
            builder.redirectInput(NO_INPUT);
        }
        return builder;
    }

    /** Feeds its input, waits for its end (or kills it at its timeout) and answers its status. */
    private int finish(Process process) {
        Thread feeder = feed(process);
        try {
            int status;
            if (timeout == null) {
                status = process.waitFor();
            } else if (process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                status = process.exitValue();
            } else {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
                status = FAILED;
            }
            feeder.join();
            return status;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackFailure("interrupted while running " + arguments.getFirst(), e);
        }
    }

    /** Writes its input on a thread of its own, so that its output never blocks it. */
    private Thread feed(Process process) {
        return Thread.ofVirtual().start(() -> {
            if (input == null) {
                return;
            }
            try (OutputStream stdin = process.getOutputStream()) {
                input.transferTo(stdin);
            } catch (IOException e) {
                // it exited before reading it all, or the input failed: its status and output tell
            }
        });
    }

    /** Reads {@code stream} to its end on a thread of its own, so that stdout and stderr never block each other. */
    private static CompletableFuture<String> read(InputStream stream) {
        CompletableFuture<String> text = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (stream) {
                text.complete(new String(stream.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                text.complete("");
            }
        });
        return text;
    }
}
