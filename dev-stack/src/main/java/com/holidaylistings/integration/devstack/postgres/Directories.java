package com.holidaylistings.integration.devstack.postgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Set;

/** The directory operations of the cluster's setup, failing as unchecked errors. */
final class Directories {

    private Directories() {}

    /** {@code mkdir -p} then {@code chmod}: {@code permissions} as {@code rwx------}. */
    static void create(Path directory, String permissions) {
        try {
            Files.createDirectories(directory);
            Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString(permissions));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code chmod a+x}: every user may enter {@code directory}. */
    static void allowEntry(Path directory) {
        try {
            Set<PosixFilePermission> permissions = EnumSet.copyOf(Files.getPosixFilePermissions(directory));
            permissions.addAll(EnumSet.of(
                    PosixFilePermission.OWNER_EXECUTE,
                    PosixFilePermission.GROUP_EXECUTE,
                    PosixFilePermission.OTHERS_EXECUTE));
            Files.setPosixFilePermissions(directory, permissions);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code rm -rf}: symbolic links are removed, not followed. */
    static void delete(Path path) {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (var paths = Files.walk(path)) {
            for (Path each : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(each);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
