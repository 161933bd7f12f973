package com.holidaylistings.integration.testsupport;

import com.holidaylistings.integration.stack.Management;
import com.holidaylistings.integration.stack.ServiceJars;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * The module's packaged service (its jar in {@code target/}, built before Failsafe runs) as a real
 * OS process on the shared test database, so that tests can stop it with SIGTERM or kill it with
 * SIGKILL as an operator or a crash would. Its output goes to {@code target/<module>-<name>.log}.
 */
public final class ServiceProcess implements AutoCloseable {

    private final String name;
    private final int port;
    private final Process process;
    private final Path log;

    private ServiceProcess(String name, int port, Process process, Path log) {
        this.name = name;
        this.port = port;
        this.process = process;
        this.log = log;
    }

    /**
     * Starts {@code module}'s jar with the database settings (logged in as the module's own role), a
     * free management port, and {@code environment} on top: everything else the service needs (its
     * Kafka settings, the encryption keys of the services that decrypt) its caller gives, as a service
     * falls back to nothing.
     */
    public static ServiceProcess start(
            String module, String name, List<String> jvmOptions, Map<String, String> environment) {
        TestPostgres.Connection db = TestSchema.database();
        int port = ServiceJars.freePort();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", ServiceJars.in(Path.of("target"), module).toString()));
        Path log = Path.of("target", module + "-" + name + ".log");
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Map<String, String> env = builder.environment();
        env.put("SPRING_DATASOURCE_URL", db.jdbcUrl());
        TestPostgres.Connection role = db.as(module.replace('-', '_')); // each service logs in as its own role
        env.put("SPRING_DATASOURCE_USERNAME", role.username());
        env.put("SPRING_DATASOURCE_PASSWORD", role.password());
        if (module.equals("webhook-dispatcher")) { // it migrates its own schema at start, as that schema's owner
            TestPostgres.Connection owner = db.as(TestPostgres.DISPATCHER_OWNER);
            env.put("SPRING_FLYWAY_USER", owner.username());
            env.put("SPRING_FLYWAY_PASSWORD", owner.password());
        }
        env.put("MANAGEMENT_SERVER_PORT", Integer.toString(port));
        env.putAll(environment);
        try {
            return new ServiceProcess(name, port, builder.start(), log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String name() {
        return name;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Its exit status, once it has exited by itself within {@code timeout}; empty while it still runs. */
    public OptionalInt exitStatus(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)
                    ? OptionalInt.of(process.exitValue())
                    : OptionalInt.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Its output so far, one line each (appended to the file of earlier processes of the same name). */
    public List<String> logLines() {
        try {
            return Files.readAllLines(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The management port (plain HTTP on 127.0.0.1). */
    public int port() {
        return port;
    }

    /** Whether the readiness probe says UP. */
    public boolean isReady() {
        return Management.isReady(port);
    }

    /** Whether the liveness probe says UP. */
    public boolean isLive() {
        return Management.isLive(port);
    }

    /** The full health document, or "" when the process does not answer. */
    public String health() {
        return Management.health(port);
    }

    /** SIGTERM: a clean stop, which this waits for. */
    public void stop() {
        process.destroy();
        waitForExit();
    }

    /** SIGKILL: no shutdown hook, nothing flushed. */
    public void kill() {
        process.destroyForcibly();
        waitForExit();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
    }

    private void waitForExit() {
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException(name + " did not exit");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
