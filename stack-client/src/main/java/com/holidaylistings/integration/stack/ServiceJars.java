package com.holidaylistings.integration.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** What starting a packaged service by hand needs: its executable jar and free ports. */
public final class ServiceJars {

    private ServiceJars() {}

    /** The executable jar of {@code module} in {@code target} (not the plain, sources, javadoc or tests jar). */
    public static Path in(Path target, String module) {
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(file -> file.getFileName().toString().matches(module + "-.*\\.jar"))
                    .filter(file -> !file.getFileName().toString().matches(".*-(plain|sources|javadoc|tests)\\.jar"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("Package " + module + " first: no jar in " + target));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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
