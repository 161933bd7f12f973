package com.holidaylistings.integration.devstack.kafka;

import com.holidaylistings.integration.devstack.StackFailure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A bash library of the checkout ({@code dev/lib/kafka-acls.sh}, {@code dev/lib/kafka-config.sh}) whose
 * functions the launcher calls rather than copies, because docker-compose's broker sources the same
 * files: one list of ACLs and one renderer of the broker's settings for both. Each call is a fresh bash
 * with only PATH and the given variables in its environment, so a template never picks up a stray
 * variable of the launcher's.
 */
record BashLibrary(Path file) {

    /** What a function printed, and its exit status. */
    record Result(int status, String output, String errors) {

        boolean succeeded() {
            return status == 0;
        }
    }

    static BashLibrary kafkaAcls(Path checkout) {
        return new BashLibrary(checkout.resolve("dev/lib/kafka-acls.sh"));
    }

    static BashLibrary kafkaConfig(Path checkout) {
        return new BashLibrary(checkout.resolve("dev/lib/kafka-config.sh"));
    }

    /** Sources the library, then calls {@code function} with {@code arguments}. */
    Result call(String function, List<String> arguments, Map<String, String> variables) {
        List<String> command =
                new ArrayList<>(List.of("bash", "-c", "source \"$0\" && \"$@\"", file.toString(), function));
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().clear();
        builder.environment().put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        builder.environment().putAll(variables);
        try {
            Process process = builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String errors = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Result(process.waitFor(), output, errors.strip());
        } catch (IOException e) {
            throw new UncheckedIOException("could not run bash for " + file, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackFailure("interrupted while running " + function + " of " + file, e);
        }
    }

    /** What {@code function} printed; a failure names the function and what it said on stderr. */
    String output(String function, List<String> arguments, Map<String, String> variables) {
        Result result = call(function, arguments, variables);
        if (!result.succeeded()) {
            throw new StackFailure(function + " (" + file.getFileName() + ") failed"
                    + (result.errors().isEmpty() ? "" : ": " + result.errors()));
        }
        return result.output();
    }
}
