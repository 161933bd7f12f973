package com.holidaylistings.integration.devstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the local stack lives: the checkout and its {@code .dev} directory, which holds the state, logs
 * and pid files of every process the launcher starts (dev/README.md).
 */
public record StackLayout(Path root) {

    public StackLayout {
        root = root.toAbsolutePath().normalize();
    }

    public Path dev() {
        return root.resolve(".dev");
    }

    public Path pids() {
        return dev().resolve("pids");
    }

    public Path logs() {
        return dev().resolve("logs");
    }

    public Path kafka() {
        return dev().resolve("kafka");
    }

    /** The records of the local PostgreSQL: the binaries used, where its data lives. */
    public Path postgresState() {
        return dev().resolve("postgres");
    }

    /**
     * Where the PostgreSQL data and socket directories live: {@code .dev/postgres}, unless the launcher
     * had to put them elsewhere (a path too long for a socket, or one the server's user cannot reach)
     * and recorded that place in {@code .dev/postgres/location}.
     */
    public Path postgresHome() {
        Path location = postgresState().resolve("location");
        try {
            if (Files.size(location) > 0) {
                return Path.of(Files.readString(location).trim());
            }
        } catch (IOException e) {
            // no record: the default place
        }
        return postgresState();
    }

    public Path tls() {
        return dev().resolve("tls");
    }

    public Path pidFile(String process) {
        return pids().resolve(process + ".pid");
    }

    public Path log(String process) {
        return logs().resolve(process + ".log");
    }

    /** {@code path} relative to the checkout, for messages. */
    public String rel(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        return absolute.startsWith(root) ? root.relativize(absolute).toString() : absolute.toString();
    }
}
