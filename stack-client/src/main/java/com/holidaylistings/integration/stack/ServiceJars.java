package com.holidaylistings.integration.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** What starting a packaged service by hand needs: its executable jar and free ports. */
public final class ServiceJars {

    private ServiceJars() {}

    /** The executable jar of {@code module} in {@code target} (not the plain, sources, javadoc or tests jar). */
    public static Path in(Path target, String module) {
        return newest(target, module)
                .orElseThrow(() -> new IllegalStateException("Package " + module + " first: no jar in " + target));
    }

    /** The newest executable jar of {@code module} in {@code target}, if there is one. */
    public static Optional<Path> newest(Path target, String module) {
        if (!Files.isDirectory(target)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(file -> file.getFileName().toString().matches(Pattern.quote(module) + "-.*\\.jar"))
                    .filter(file -> !file.getFileName().toString().matches(".*-(plain|sources|javadoc|tests)\\.jar"))
                    .filter(Files::isRegularFile)
                    .max(Comparator.comparing(ServiceJars::modified));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** When {@code file} was last changed; the epoch when it cannot be read (gone meanwhile). */
    public static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** A port on which nothing listens now. */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
