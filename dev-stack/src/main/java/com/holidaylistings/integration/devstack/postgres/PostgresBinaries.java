package com.holidaylistings.integration.devstack.postgres;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Command;
import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.StackFailure;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which PostgreSQL server binaries to use, DEV_POSTGRES_BINARIES: {@code installed}, {@code embedded}
 * (those of the build's tests, {@link EmbeddedBinaries}) or {@code auto}, the default: those that made the
 * existing cluster (recorded in {@code .dev/postgres/bindir}), else installed ones, else the embedded ones.
 */
final class PostgresBinaries {

    private static final Pattern NUMBER_OR_NOT = Pattern.compile("[0-9]+|[^0-9]+");

    private PostgresBinaries() {}

    /** The directory of initdb, pg_ctl and postgres, recorded for the next run. */
    static Path resolve(StackLayout layout, DevEnvironment environment, Path home) {
        String mode = environment.get("DEV_POSTGRES_BINARIES", "auto");
        Path record = layout.postgresState().resolve("bindir");
        if (mode.equals("auto")) {
            Optional<Path> recorded = recorded(record);
            if (recorded.isPresent() && hasServer(recorded.get())) {
                return recorded.get();
            }
        }
        Path bindir = switch (mode) {
            case "auto" -> findInstalled().orElseGet(() -> EmbeddedBinaries.bindir(layout, environment, home));
            case "installed" ->
                findInstalled().orElseThrow(() -> new StackFailure("no installed PostgreSQL server binaries found"));
            case "embedded" -> EmbeddedBinaries.bindir(layout, environment, home);
            default ->
                throw new StackFailure("DEV_POSTGRES_BINARIES must be auto, installed or embedded (not " + mode + ")");
        };
        try {
            Files.writeString(record, bindir + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bindir;
    }

    static boolean hasServer(Path bindir) {
        return Stream.of("initdb", "pg_ctl", "postgres").allMatch(name -> Files.isExecutable(bindir.resolve(name)));
    }

    /** Those of pg_config, else the newest of /usr/lib/postgresql/N/bin and /usr/pgsql-N/bin, else initdb's. */
    static Optional<Path> findInstalled() {
        List<Path> candidates = new ArrayList<>();
        if (BackgroundProcesses.onPath("pg_config")) {
            Command.Result bindir = Command.of("pg_config", "--bindir").capture();
            if (bindir.ok() && !bindir.output().isBlank()) {
                candidates.add(Path.of(bindir.output().strip()));
            }
        }
        candidates.addAll(versionedDirectories());
        onPath("initdb").ifPresent(candidates::add);
        return candidates.stream().filter(PostgresBinaries::hasServer).findFirst();
    }

    private static List<Path> versionedDirectories() {
        List<Path> directories = new ArrayList<>();
        children(Path.of("/usr/lib/postgresql"), "").forEach(version -> directories.add(version.resolve("bin")));
        children(Path.of("/usr"), "pgsql-").forEach(install -> directories.add(install.resolve("bin")));
        directories.sort(Comparator.comparing(Path::toString, PostgresBinaries::compareVersions)
                .reversed());
        return directories;
    }

    private static List<Path> children(Path directory, String prefix) {
        try (Stream<Path> children = Files.list(directory)) {
            return children.filter(child -> child.getFileName().toString().startsWith(prefix))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Compares as {@code sort -V} does: runs of digits by their value, the rest by their characters. */
    static int compareVersions(String left, String right) {
        Matcher a = NUMBER_OR_NOT.matcher(left);
        Matcher b = NUMBER_OR_NOT.matcher(right);
        while (a.find() && b.find()) {
            String x = a.group();
            String y = b.group();
            boolean numbers = Character.isDigit(x.charAt(0)) && Character.isDigit(y.charAt(0));
            int order = numbers ? new BigInteger(x).compareTo(new BigInteger(y)) : x.compareTo(y);
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(left.length(), right.length());
    }

    private static Optional<Path> onPath(String command) {
        for (String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!directory.isEmpty() && Files.isExecutable(Path.of(directory, command))) {
                return Optional.of(Path.of(directory));
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> recorded(Path record) {
        try {
            String text = Files.readString(record).strip();
            return text.isEmpty() ? Optional.empty() : Optional.of(Path.of(text));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
