package com.holidaylistings.integration.system;

import com.holidaylistings.integration.stack.Stack;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * When a system test fails, the stack's logs of that moment are kept: copied to
 * {@code target/stack-logs/<class>.<test>/}, and the last {@value #TAIL} lines of each printed, so
 * that a failure in CI says what the services were doing. Without it the evidence is gone as soon as
 * the next test class restarts a service (dev/up.sh keeps one earlier log, {@code .prev}, which is
 * copied too). A class that fails outside its tests (in its set-up, such as a restart of the stack)
 * keeps them in {@code <class>.all/}, after its own clean-up has run.
 * Registered for every test class through the service loader ({@code junit-platform.properties}).
 */
public class StackLogsOnFailure implements TestWatcher, AfterAllCallback {

    private static final int TAIL = 150;
    /** The logs whose tail is printed; the others (builds, warm-start training) are only copied. */
    private static final List<String> PRINTED =
            List.of("api-service.log", "enquiry-ingest.log", "webhook-dispatcher.log", "postgres.log", "kafka.log");

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        keep(context.getRequiredTestClass().getSimpleName() + "."
                + context.getRequiredTestMethod().getName());
    }

    /** A failure of the class itself (its before-all or after-all steps), not of one of its tests. */
    @Override
    public void afterAll(ExtensionContext context) {
        if (context.getExecutionException().isPresent()) {
            keep(context.getRequiredTestClass().getSimpleName() + ".all");
        }
    }

    private static void keep(String failed) {
        Path logs = Stack.DIR.resolve("logs");
        if (!Files.isDirectory(logs)) {
            return;
        }
        Path kept = Path.of("target", "stack-logs", failed);
        try (Stream<Path> files = Files.list(logs)) {
            Files.createDirectories(kept);
            for (Path log : files.filter(StackLogsOnFailure::isLog).sorted().toList()) {
                Files.copy(log, kept.resolve(log.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                if (!PRINTED.contains(log.getFileName().toString())) {
                    continue;
                }
                List<String> lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8)
                        .lines()
                        .toList();
                System.err.printf(
                        "%n----- %s failed: the last %d lines of %s (all of it in %s) -----%n",
                        kept.getFileName(), TAIL, log.getFileName(), kept.toAbsolutePath());
                lines.subList(Math.max(0, lines.size() - TAIL), lines.size()).forEach(System.err::println);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not keep the stack's logs", e);
        }
    }

    private static boolean isLog(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".log") || name.endsWith(".log.prev");
    }
}
