package com.holidaylistings.integration.devstack.services;

import com.holidaylistings.integration.devstack.DevEnvironment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A service's JVM options: its {@code <module>/jvm.options}, which its image uses too (docs/operations/
 * scaling.md 3.6), passed as java's @-file. DEV_JAVA_OPTS, when set, takes its place for every service;
 * DEV_JAVA_EXTRA_OPTS come after either, for every service (a later option wins:
 * -XX:TieredStopAtLevel=4 gives enquiry-ingest and webhook-dispatcher C2 back).
 */
final class JvmOptions {

    private JvmOptions() {}

    static List<String> of(Path root, String module, DevEnvironment environment) {
        List<String> options = new ArrayList<>();
        environment
                .get("DEV_JAVA_OPTS")
                .ifPresentOrElse(
                        replacing -> options.addAll(words(replacing)),
                        () -> options.add("@" + root.resolve(module).resolve("jvm.options")));
        environment.get("DEV_JAVA_EXTRA_OPTS").ifPresent(extra -> options.addAll(words(extra)));
        return List.copyOf(options);
    }

    /**
     * {@code options} on one line as the JVM reads them, an @-file's lines in its place (its comments
     * too): what a warm-start archive is trained for, so that it is trained again when the file changes.
     * A relative @-file is read from {@code dir}, where the JVM starts.
     */
    static String read(List<String> options, Path dir) {
        StringBuilder line = new StringBuilder();
        for (String option : options) {
            Path file = option.length() > 1 && option.startsWith("@") ? dir.resolve(option.substring(1)) : null;
            if (file != null && Files.isRegularFile(file)) {
                try {
                    line.append(Files.readString(file).replace('\n', ' '));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                line.append(option).append(' ');
            }
        }
        return line.toString();
    }

    /** The words of a variable as bash's {@code read -a} splits them: on runs of blanks. */
    private static List<String> words(String value) {
        return Arrays.stream(value.trim().split("[ \t\n]+"))
                .filter(word -> !word.isEmpty())
                .toList();
    }
}
