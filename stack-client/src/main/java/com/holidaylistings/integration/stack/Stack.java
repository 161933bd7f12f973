package com.holidaylistings.integration.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The local stack that dev/up.sh runs: its settings ({@code .dev/stack.env}), its processes (by
 * their pid files) and dev/up.sh itself, which starts again whatever is not running. The system
 * tests and the benchmarks stop and kill the stack's processes as an operator or a crash would, and
 * bring them back the way a user does. {@code -Dstack.dir} names the stack's directory (default
 * {@code ../.dev}) and {@code -Drepository.root} the checkout (default {@code ..}).
 */
public final class Stack {

    public static final Path DIR =
            Path.of(System.getProperty("stack.dir", "../.dev")).toAbsolutePath().normalize();
    public static final Path ROOT = Path.of(System.getProperty("repository.root", ".."))
            .toAbsolutePath()
            .normalize();

    private static final Map<String, String> SETTINGS = SettingsFile.read(DIR.resolve("stack.env"));

    private Stack() {}

    /** A setting of {@code .dev/stack.env}, such as {@code INTERNAL_BASE_URL}. */
    public static String setting(String name) {
        String value = SETTINGS.get(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalStateException(name + " is not in " + DIR.resolve("stack.env") + ": run dev/up.sh first");
        }
        return value;
    }

    /** A setting of {@code .dev/stack.env} that only some stacks have, such as {@code ZIPKIN_URL} (DEV_TRACING=1). */
    public static Optional<String> optionalSetting(String name) {
        return Optional.ofNullable(SETTINGS.get(name)).filter(value -> !value.isEmpty());
    }

    /**
     * What dev/up.sh starts the service {@code module} with but its ports ({@code .dev/services/<module>.env}):
     * its own database role and Kafka principal among the rest.
     */
    public static Map<String, String> serviceEnvironment(String module) {
        Path file = DIR.resolve("services").resolve(module + ".env");
        if (!Files.isReadable(file)) {
            throw new IllegalStateException("no " + file + ": run dev/up.sh first");
        }
        return SettingsFile.read(file);
    }

    /**
     * The settings of a Kafka client of the stack's broker as {@code principal}: "downstream" (the
     * read-only principal for other teams) or "admin" (the broker's admin, for an operator's tools).
     * None but the bootstrap servers when the broker takes clients without authentication.
     */
    public static Map<String, Object> kafkaClient(String principal) {
        String prefix = "KAFKA_" + principal.toUpperCase(Locale.ROOT) + "_";
        return kafkaClient(SETTINGS.get(prefix + "USERNAME"), SETTINGS.get(prefix + "PASSWORD"));
    }

    /**
     * The settings of a Kafka client as the principal of downstream team {@code team}, which dev/up.sh
     * adds when {@code DEV_DOWNSTREAM_TEAMS} names it: read from {@code .dev/stack.env} afresh, as a team
     * may have been added after this JVM first read it.
     */
    public static Map<String, Object> downstreamTeamClient(String team) {
        Map<String, String> settings = SettingsFile.read(DIR.resolve("stack.env"));
        String prefix = "KAFKA_DOWNSTREAM_" + team.toUpperCase(Locale.ROOT) + "_";
        String username = settings.get(prefix + "USERNAME");
        if (username == null || username.isEmpty()) {
            throw new IllegalStateException("no downstream team " + team + " in " + DIR.resolve("stack.env")
                    + ": DEV_DOWNSTREAM_TEAMS=" + team + " dev/up.sh adds it");
        }
        return kafkaClient(username, settings.get(prefix + "PASSWORD"));
    }

    /** The settings of a Kafka client of the stack's broker with the SCRAM credentials given. */
    public static Map<String, Object> kafkaClient(String username, String password) {
        Map<String, Object> config = new HashMap<>();
        config.put("bootstrap.servers", setting("KAFKA_BOOTSTRAP_SERVERS"));
        String protocol = SETTINGS.get("KAFKA_SECURITY_PROTOCOL");
        if (protocol != null && protocol.startsWith("SASL")) {
            config.put("security.protocol", protocol);
            config.put("sasl.mechanism", setting("KAFKA_SASL_MECHANISM"));
            config.put(
                    "sasl.jaas.config",
                    "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + username
                            + "\" password=\"" + password + "\";");
        }
        return config;
    }

    /** The pid of the stack's process {@code name} (postgres, kafka or a service), which must be running. */
    public static ProcessHandle process(String name) {
        Path file = DIR.resolve("pids").resolve(name + ".pid");
        try {
            long pid = Long.parseLong(Files.readString(file).trim());
            return ProcessHandle.of(pid)
                    .filter(ProcessHandle::isAlive)
                    .orElseThrow(() -> new IllegalStateException(name + " (pid " + pid + ") is not running"));
        } catch (IOException e) {
            throw new UncheckedIOException("no pid file for " + name, e);
        }
    }

    /** SIGKILL: no shutdown hook runs, nothing is flushed or handed back. */
    public static void kill(String name) {
        ProcessHandle process = process(name);
        process.destroyForcibly();
        Signals.awaitExit(process, Duration.ofSeconds(30), name);
    }

    /** SIGTERM, as an orchestrator stops a service; answers how long the process took to exit. */
    public static Duration terminate(String name) {
        ProcessHandle process = process(name);
        long started = System.nanoTime();
        process.destroy();
        Signals.awaitExit(process, Duration.ofSeconds(90), name);
        return Duration.ofNanos(System.nanoTime() - started);
    }

    /** dev/up.sh: starts what is not running and waits until it is ready. */
    public static void up() {
        up(Map.of());
    }

    /**
     * dev/up.sh with {@code environment} added to its own, which the services it starts inherit
     * (settings such as {@code RATE_LIMIT_PER_MINUTE}); services already running keep theirs.
     */
    public static void up(Map<String, String> environment) {
        Path log = Path.of("target", "stack-up.log").toAbsolutePath();
        ProcessBuilder builder = new ProcessBuilder(
                        "bash", ROOT.resolve("dev/up.sh").toString())
                .directory(ROOT.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(environment);
        try {
            Process process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException("dev/up.sh did not finish within 5 minutes; see " + log);
            }
            if (process.exitValue() != 0) {
                List<String> lines = Files.readAllLines(log);
                throw new IllegalStateException("dev/up.sh failed:\n"
                        + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
