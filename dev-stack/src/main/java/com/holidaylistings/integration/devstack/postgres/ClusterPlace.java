package com.holidaylistings.integration.devstack.postgres;

import com.holidaylistings.integration.devstack.Command;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the cluster lives: its home, with the data directory ({@code data}) and the socket's
 * ({@code run}). The home is {@code .dev/postgres} when the server's user can reach it and the socket's
 * path is short enough; otherwise a private directory in /var/tmp, recorded in
 * {@code .dev/postgres/location} (which {@link StackLayout#postgresHome()} reads).
 */
record ClusterPlace(Path home, Path data, Path socketDirectory) {

    /** Longer than this, {@code .dev/postgres} leaves too little room for the socket's path (107 bytes). */
    private static final int LONGEST_STATE_PATH = 80;

    static ClusterPlace resolve(StackLayout layout, ServerUser user) {
        Path state = layout.postgresState();
        Path location = state.resolve("location");
        try {
            Files.createDirectories(state);
            Path home = layout.postgresHome();
            if (!home.equals(state) && !Files.isDirectory(home)) {
                Console.warn("the recorded PostgreSQL location " + home + " is gone; starting a new cluster");
                Files.deleteIfExists(location);
                home = state;
            }
            if (home.equals(state)) {
                if (user.isOtherUser()) {
                    Directories.allowEntry(layout.dev());
                    Directories.allowEntry(state);
                }
                if (state.toString().length() > LONGEST_STATE_PATH || !user.canReach(state)) {
                    home = privateDirectory();
                    Files.writeString(location, home + "\n");
                    Console.say("PostgreSQL data goes to " + home + " (the server's user cannot reach "
                            + layout.rel(state) + ", or its path is too long for a socket)");
                }
            }
            return new ClusterPlace(home, home.resolve("data"), home.resolve("run"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A new directory {@code /var/tmp/owner-integration-pg.XXXXXX} that others may enter but not list. */
    private static Path privateDirectory() {
        Command.Result made = Command.of("mktemp", "-d", "/var/tmp/owner-integration-pg.XXXXXX")
                .capture()
                .require("could not make a directory for PostgreSQL in /var/tmp");
        Path home = Path.of(made.output().strip());
        Directories.create(home, "rwx--x--x");
        return home;
    }
}
