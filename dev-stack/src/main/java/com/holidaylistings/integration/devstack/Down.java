package com.holidaylistings.integration.devstack;

import com.holidaylistings.integration.devstack.kafka.LocalKafka;
import com.holidaylistings.integration.devstack.metrics.Prometheus;
import com.holidaylistings.integration.devstack.postgres.LocalPostgres;
import com.holidaylistings.integration.devstack.services.LocalServices;
import com.holidaylistings.integration.devstack.tracing.Zipkin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.stream.Stream;

/**
 * dev/down.sh: stops what dev/up.sh started, by the pids in {@code .dev/pids}: Prometheus and the services
 * first, then Zipkin, Kafka and PostgreSQL. Data is kept unless {@code --purge} is given.
 */
final class Down {

    static final String USAGE = """
            Usage: dev/down.sh [--purge]
            Stops the local stack started by dev/up.sh. --purge also deletes its data (.dev).
            """;

    private Down() {}

    static void run(LocalStack stack, boolean purge) {
        StackLayout layout = stack.layout();
        if (!Files.isDirectory(layout.dev())) {
            Console.say("nothing to stop (" + layout.rel(layout.dev()) + " does not exist)");
            return;
        }
        StackLock.take(layout);
        Prometheus.stop(stack);
        LocalServices.stopAll(stack);
        Zipkin.stop(stack);
        LocalKafka.stop(stack);
        LocalPostgres.stop(stack);
        if (purge) {
            purge(layout);
        }
        Console.say("stopped");
    }

    /** Deletes .dev, and the PostgreSQL data that had to live elsewhere (under /var/tmp). */
    private static void purge(StackLayout layout) {
        Path home = layout.postgresHome();
        if (!home.equals(layout.postgresState())
                && home.getFileName().toString().startsWith("owner-integration-pg.")
                && home.startsWith(Path.of("/var/tmp"))) {
            delete(home);
        }
        try (Stream<Path> entries = Files.list(layout.dev())) {
            List<Path> all = entries.toList();
            // the lock file last: it is the one file still open
            all.stream()
                    .filter(path -> !path.getFileName().toString().equals(".lock"))
                    .forEach(Down::delete);
            all.stream()
                    .filter(path -> path.getFileName().toString().equals(".lock"))
                    .forEach(Down::delete);
            Files.deleteIfExists(layout.dev());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Console.say("deleted " + layout.rel(layout.dev()));
    }

    private static void delete(Path path) {
        try {
            if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return;
            }
            Files.walkFileTree(path, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException failure) throws IOException {
                    Files.delete(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete " + path, e);
        }
    }
}
