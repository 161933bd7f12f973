package com.holidaylistings.integration.devstack.postgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The lock files of a running server: {@code postmaster.pid} in the data directory (its pid on line 1, its
 * port on line 4) and {@code .s.PGSQL.<port>.lock} beside the socket, which names the same pid.
 */
final class LockFiles {

    private LockFiles() {}

    static Path postmaster(Path data) {
        return data.resolve("postmaster.pid");
    }

    static Path socket(Path socketDirectory, int port) {
        return socketDirectory.resolve(".s.PGSQL." + port + ".lock");
    }

    /** The pid on the first line of {@code lockFile}; empty when it is missing or names none. */
    static Optional<Long> pid(Path lockFile) {
        return line(lockFile, 1).filter(text -> text.matches("[0-9]+")).map(Long::parseLong);
    }

    /** The port of the server that {@code postmaster.pid} describes. */
    static Optional<Integer> port(Path data) {
        return line(postmaster(data), 4).filter(text -> text.matches("[0-9]+")).map(Integer::parseInt);
    }

    private static Optional<String> line(Path file, int number) {
        try (var lines = Files.lines(file)) {
            return lines.skip(number - 1L).findFirst().map(String::trim);
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }
}
