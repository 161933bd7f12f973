package com.holidaylistings.integration.devstack.postgres;

import com.holidaylistings.integration.devstack.StackFailure;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/** Short commands run to their end from {@code /}, their input given (or none) and their output kept. */
final class Commands {

    private static final File NO_INPUT = new File("/dev/null");

    private Commands() {}

    /** How a command ended: its exit status (-1 when it could not run) and its output, stderr included. */
    record Result(int status, String output) {
        boolean ok() {
            return status == 0;
        }
    }

    /** Runs {@code command} with {@code input} on its stdin (null: none) and answers its output. */
    static Result capture(List<String> command, String input) {
        try {
            Process process = builder(command, input).start();
            Thread writer = feed(process, input);
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = process.waitFor();
            writer.join();
            return new Result(status, output);
        } catch (IOException e) {
            return new Result(-1, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackFailure("interrupted while running " + command.getFirst(), e);
        }
    }

    static Result capture(List<String> command) {
        return capture(command, null);
    }

    /** Runs {@code command} with {@code input} on its stdin (null: none), its output appended to {@code log}. */
    static int appendingTo(Path log, List<String> command, String input) {
        try {
            Files.createDirectories(log.getParent());
            Process process = builder(command, input)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
            Thread writer = feed(process, input);
            int status = process.waitFor();
            writer.join();
            return status;
        } catch (IOException e) {
            try {
                Files.writeString(log, command.getFirst() + ": " + e.getMessage() + "\n", StandardOpenOption.APPEND);
            } catch (IOException ignored) {
                // the caller reports the failure with the log
            }
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackFailure("interrupted while running " + command.getFirst(), e);
        }
    }

    private static ProcessBuilder builder(List<String> command, String input) {
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(new File("/")).redirectErrorStream(true);
        if (input == null) {
            builder.redirectInput(NO_INPUT);
        }
        return builder;
    }

    /** Writes {@code input} to the process on a thread of its own, so that its output never blocks it. */
    private static Thread feed(Process process, String input) {
        return Thread.ofVirtual().start(() -> {
            if (input == null) {
                return;
            }
            try (OutputStream stdin = process.getOutputStream()) {
                stdin.write(input.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // the process exited before reading it all: its status and output tell why
            }
        });
    }

    static void require(Result result, String failure) {
        if (!result.ok()) {
            throw new StackFailure(failure + ": " + result.output().strip());
        }
    }
}
