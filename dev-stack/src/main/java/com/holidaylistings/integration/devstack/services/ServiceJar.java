package com.holidaylistings.integration.devstack.services;

import com.holidaylistings.integration.stack.ServiceJars;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A service's executable jar in {@code <module>/target}, and whether it is older than what it is built
 * from. Only the inputs that change the running code count: the module's sources, the sources of the
 * repository's modules that its pom.xml depends on, the pom.xml files, and (for api-service, which
 * serves it) docs/openapi.json. Benchmark results, tests of other modules and docs do not.
 */
final class ServiceJar {

    private ServiceJar() {}

    /** The newest executable jar of {@code module}: not the plain, sources, javadoc or tests jar. */
    static Optional<Path> find(Path root, String module) {
        return ServiceJars.newest(root.resolve(module).resolve("target"), module);
    }

    /** True when a file that {@code jar} of {@code module} is built from was changed after it. */
    static boolean isStale(Path root, String module, Path jar) {
        FileTime built = ServiceJars.modified(jar);
        Path openApi = root.resolve("docs").resolve("openapi.json");
        if (module.equals("api-service")
                && Files.exists(openApi)
                && ServiceJars.modified(openApi).compareTo(built) > 0) {
            return true;
        }
        for (Path sources : sourceDirectories(root, module)) {
            if (Files.isDirectory(sources) && anyNewer(sources, Integer.MAX_VALUE, file -> true, built)) {
                return true;
            }
        }
        return anyNewer(root, 2, file -> file.getFileName().toString().equals("pom.xml"), built);
    }

    /** The module's src, and the src of each module of the repository that its pom.xml names. */
    private static List<Path> sourceDirectories(Path root, String module) {
        List<Path> inputs = new ArrayList<>();
        inputs.add(root.resolve(module).resolve("src"));
        String pom = read(root.resolve(module).resolve("pom.xml"));
        try (Stream<Path> dirs = Files.list(root)) {
            dirs.filter(dir -> Files.isRegularFile(dir.resolve("pom.xml")))
                    .filter(dir -> !dir.getFileName().toString().equals(module))
                    .filter(dir -> pom.contains("<artifactId>" + dir.getFileName() + "</artifactId>"))
                    .sorted()
                    .forEach(dir -> inputs.add(dir.resolve("src")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return inputs;
    }

    private static boolean anyNewer(Path dir, int depth, Predicate<Path> which, FileTime than) {
        try (Stream<Path> files = Files.walk(dir, depth)) {
            return files.filter(Files::isRegularFile)
                    .filter(which)
                    .anyMatch(file -> ServiceJars.modified(file).compareTo(than) > 0);
        } catch (IOException | UncheckedIOException e) {
            // a directory that cannot be read (or went away) holds nothing newer that counts
            return false;
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
