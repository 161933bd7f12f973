package com.holidaylistings.integration.devstack.services;

import com.holidaylistings.integration.devstack.Command;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.StackLayout;
import com.holidaylistings.integration.stack.Jdk;
import com.holidaylistings.integration.stack.ServiceJars;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * Starting a service warm: from its extracted jar with the JDK's class-data archive (the AOT cache on JDK
 * 25+, a CDS archive on 21-24), which dev/lib/warm-start.sh trains and names, as the images do. Trained
 * once per jar, JDK and JVM options, under {@code .dev/warm-start/<name>/<checksum>/}, with the stack's
 * database and broker at hand (api-service and webhook-dispatcher on their request paths: their warm-ups,
 * then they stop). The jar as it is when DEV_WARM_START=off or the training failed, which is not tried
 * again until the jar, the JDK or the options change.
 */
final class WarmStart {

    private static final Duration TRAINING_TIMEOUT = Duration.ofMinutes(5);

    /** Asked once per run: the JVM does not change under the launcher. */
    private static String javaVersion;

    private WarmStart() {}

    /**
     * The java arguments after the JVM options that start {@code name} from {@code jar}: {@code -jar <jar>},
     * or the archive's option and {@code -jar <extracted jar>}. The training runs with {@code settings}, the
     * service's own.
     */
    static List<String> launchArguments(
            LocalStack stack, String name, Path jar, List<String> jvmOptions, Map<String, String> settings) {
        List<String> plain = List.of("-jar", jar.toString());
        if (stack.environment().get("DEV_WARM_START", "on").equals("off")) {
            return plain;
        }
        StackLayout layout = stack.layout();
        Path log = layout.logs().resolve(name + "-warm-start.log");
        Path script = layout.root().resolve("dev").resolve("lib").resolve("warm-start.sh");
        // api-service and webhook-dispatcher train on their request paths: the warm-up before readiness,
        // then they stop (the dispatcher before any consumer starts)
        Optional<String> training = switch (name) {
            case "api-service" -> Optional.of("-Downer-api.warm-up.exit-after=true");
            case "webhook-dispatcher" -> Optional.of("-Ddispatcher.warm-up.exit-after=true");
            default -> Optional.empty();
        };
        String stamp = stamp(jar, jvmOptions, layout.root(), training);
        // one directory per jar, JDK and options, so that a restart with other options (a benchmark's)
        // and back keeps both archives
        Path dir = directory(layout, name).resolve(checksum(stamp));
        Path app = dir.resolve("app");
        Path extracted = app.resolve(jar.getFileName().toString());
        if (readStamp(dir.resolve("failed")).equals(stamp)) {
            return plain;
        }
        if (!trainedAlready(dir, extracted, stamp)) {
            Console.say(name + ": training its class-data archive for a warm start (once per jar; log: "
                    + layout.rel(log) + ")");
            deleteRecursively(dir);
            createDirectories(dir);
            Map<String, String> trainingSettings = new HashMap<>(settings);
            trainingSettings.put("SERVER_PORT", "0");
            trainingSettings.put("MANAGEMENT_SERVER_PORT", "0");
            training.ifPresent(option -> trainingSettings.put("WARM_START_TRAINING", option));
            List<String> trainArguments = new ArrayList<>(List.of(
                    "sh",
                    script.toString(),
                    "train",
                    Jdk.tool("java").toString(),
                    extracted.toString(),
                    app.toString()));
            trainArguments.addAll(jvmOptions);
            Command extract = Command.of(
                            Jdk.tool("java").toString(),
                            "-Djarmode=tools",
                            "-jar",
                            jar.toString(),
                            "extract",
                            "--destination",
                            app.toString())
                    .in(layout.root())
                    .with(settings)
                    .timeout(TRAINING_TIMEOUT);
            Command train =
                    Command.of(trainArguments).in(dir).with(trainingSettings).timeout(TRAINING_TIMEOUT);
            boolean trained = extract.writeTo(log) == 0 && train.appendTo(log) == 0;
            if (!trained) {
                Console.warn(name + ": no warm-start archive (see " + layout.rel(log) + "): starting it from its jar");
                writeStamp(dir.resolve("failed"), stamp);
                return plain;
            }
            markTrained(dir, stamp);
        }
        String option = Command.of(
                        "sh", script.toString(), "options", Jdk.tool("java").toString(), app.toString())
                .captureApart()
                .output()
                .lines()
                .findFirst()
                .orElse("")
                .trim();
        List<String> arguments = option.isEmpty() ? plain : List.of(option, "-jar", extracted.toString());
        prune(dir, stack.environment().integer("DEV_WARM_START_KEEP", 3));
        return arguments;
    }

    static Path directory(StackLayout layout, String name) {
        return layout.dev().resolve("warm-start").resolve(name);
    }

    /**
     * What an archive is trained for: the jar (its size, time and path), the JDK ({@code java -version}),
     * the JVM options as the JVM reads them (an @-file's content) and the training's ending option, when
     * there is one. Compared to the stamp file as it was written, blanks included.
     */
    static String stamp(Path jar, List<String> jvmOptions, Path dir, Optional<String> training) {
        try {
            List<String> parts = new ArrayList<>(List.of(
                    Long.toString(Files.size(jar)),
                    Long.toString(Files.getLastModifiedTime(jar).toMillis() / 1000),
                    jar.toString(),
                    javaVersion(),
                    JvmOptions.read(jvmOptions, dir)));
            training.ifPresent(option -> parts.add("WARM_START_TRAINING=" + option));
            return String.join(" ", parts);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** True when {@code dir} holds the archive trained for {@code stamp}, with its extracted jar. */
    static boolean trainedAlready(Path dir, Path extracted, String stamp) {
        return Files.isRegularFile(extracted) && readStamp(dir.resolve("stamp")).equals(stamp);
    }

    /** Records that {@code dir} holds the archive trained for {@code stamp}. */
    static void markTrained(Path dir, String stamp) {
        writeStamp(dir.resolve("stamp"), stamp);
    }

    static String checksum(String stamp) {
        CRC32 crc = new CRC32();
        crc.update(stamp.getBytes(StandardCharsets.UTF_8));
        return Long.toString(crc.getValue());
    }

    /**
     * Keeps the {@code keep} archives of a service used last, {@code inUse} first: each is 85-100 MB and
     * every new jar makes one.
     */
    static void prune(Path inUse, int keep) {
        try {
            Files.setLastModifiedTime(inUse, FileTime.fromMillis(System.currentTimeMillis()));
            List<Path> archives;
            try (Stream<Path> dirs = Files.list(inUse.getParent())) {
                archives = dirs.filter(Files::isDirectory)
                        .sorted(Comparator.comparing(ServiceJars::modified)
                                .reversed()
                                .thenComparing(Comparator.naturalOrder()))
                        .toList();
            }
            archives.stream().skip(Math.max(keep, 0)).forEach(WarmStart::deleteRecursively);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The stamp that {@link #writeStamp} wrote to {@code file}, to the letter; "" when there is none. */
    private static String readStamp(Path file) {
        try {
            String text = Files.exists(file) ? Files.readString(file) : "";
            return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        } catch (IOException e) {
            return "";
        }
    }

    private static void writeStamp(Path file, String stamp) {
        try {
            Files.writeString(file, stamp + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void createDirectories(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code java -version} of the services' JVM, on one line. */
    private static String javaVersion() {
        if (javaVersion == null) {
            javaVersion = Command.of(Jdk.tool("java").toString(), "-version")
                    .capture()
                    .output()
                    .replace('\n', ' ');
        }
        return javaVersion;
    }
}
