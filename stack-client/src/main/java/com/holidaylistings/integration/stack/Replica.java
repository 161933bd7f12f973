package com.holidaylistings.integration.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;

/**
 * A second instance of a service next to the stack's own: the same jar, database, broker and keys as
 * dev/up.sh gives it, a roomier JVM, on free ports, with its output in {@code target/<name>.log}.
 */
public final class Replica implements AutoCloseable {

    /**
     * A test replica's JVM options: roomier than the service's own ({@code <module>/jvm.options},
     * docs/operations/scaling.md 3.6): a 192 MiB heap, a 64 MiB code cache and both compilers. A
     * replica's memory is not what its tests measure.
     */
    private static final List<String> JVM_OPTIONS = List.of(
            "-Xms64m",
            "-Xmx192m",
            "-XX:+UseSerialGC",
            "-XX:MaxMetaspaceSize=128m",
            "-XX:ReservedCodeCacheSize=64m",
            "-Xss512k",
            "-XX:MaxDirectMemorySize=64m");

    private final String name;
    private final int serverPort;
    private final int managementPort;
    private final Process process;

    private Replica(String name, int serverPort, int managementPort, Process process) {
        this.name = name;
        this.serverPort = serverPort;
        this.managementPort = managementPort;
        this.process = process;
    }

    /** Starts a replica of {@code module} and waits until it reports ready. */
    public static Replica start(String module) {
        String name = module + "-replica";
        int serverPort = ServiceJars.freePort();
        int managementPort = ServiceJars.freePort();
        List<String> command = new ArrayList<>();
        command.add(Jdk.tool("java").toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(List.of(
                "-jar",
                ServiceJars.in(Stack.ROOT.resolve(module).resolve("target"), module)
                        .toString()));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        Path.of("target", name + ".log").toFile()));
        Map<String, String> env = builder.environment();
        env.putAll(Stack.serviceEnvironment(module)); // its database role, Kafka principal and the stack's settings
        env.put("SERVER_PORT", Integer.toString(serverPort));
        env.put("MANAGEMENT_SERVER_PORT", Integer.toString(managementPort));
        env.put("MALLOC_ARENA_MAX", "2");
        Replica replica;
        try {
            replica = new Replica(name, serverPort, managementPort, builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Awaitility.await(name + " ready")
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> {
                    if (!replica.process.isAlive()) {
                        throw new IllegalStateException(name + " exited; see target/" + name + ".log");
                    }
                    return Management.isReady(managementPort);
                });
        return replica;
    }

    /** The public API of an api-service replica. */
    public String apiBaseUrl() {
        return "https://127.0.0.1:" + serverPort + "/integration/v1";
    }

    public int managementPort() {
        return managementPort;
    }

    public String health() {
        return Management.health(managementPort);
    }

    /** SIGKILL. */
    public void kill() {
        process.destroyForcibly();
        Signals.awaitExit(process.toHandle(), Duration.ofSeconds(30), name);
    }

    /** SIGTERM; answers how long it took to exit. */
    public Duration terminate() {
        long started = System.nanoTime();
        process.destroy();
        Signals.awaitExit(process.toHandle(), Duration.ofSeconds(90), name);
        return Duration.ofNanos(System.nanoTime() - started);
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
    }
}
