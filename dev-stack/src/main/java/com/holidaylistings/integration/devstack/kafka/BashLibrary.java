package com.holidaylistings.integration.devstack.kafka;

import com.holidaylistings.integration.devstack.Command;
import com.holidaylistings.integration.devstack.StackFailure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
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

    static BashLibrary kafkaAcls(Path checkout) {
        return new BashLibrary(checkout.resolve("dev/lib/kafka-acls.sh"));
    }

    static BashLibrary kafkaConfig(Path checkout) {
        return new BashLibrary(checkout.resolve("dev/lib/kafka-config.sh"));
    }

    /** Sources the library, then calls {@code function} with {@code arguments}: its stdout and stderr apart. */
    Command.Result call(String function, List<String> arguments, Map<String, String> variables) {
        List<String> command =
                new ArrayList<>(List.of("bash", "-c", "source \"$0\" && \"$@\"", file.toString(), function));
        command.addAll(arguments);
        Map<String, String> environment = new HashMap<>(variables);
        environment.putIfAbsent("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        return Command.of(command).withOnly(environment).captureApart();
    }

    /** What {@code function} printed; a failure names the function and what it said on stderr. */
    String output(String function, List<String> arguments, Map<String, String> variables) {
        Command.Result result = call(function, arguments, variables);
        String errors = result.errors().strip();
        if (!result.ok()) {
            throw new StackFailure(
                    function + " (" + file.getFileName() + ") failed" + (errors.isEmpty() ? "" : ": " + errors));
        }
        return result.output();
    }
}
