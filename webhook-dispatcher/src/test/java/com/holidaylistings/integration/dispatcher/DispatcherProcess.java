package com.holidaylistings.integration.dispatcher;

import com.holidaylistings.integration.testsupport.TestPostgres;
import com.holidaylistings.integration.testsupport.TestSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The packaged webhook-dispatcher running as a real process on the shared test database, so that
 * tests can stop it with SIGTERM or kill it with SIGKILL as an operator or a crash would. It has
 * the retry schedule of the in-JVM tests (1s,2s,3s), a 2 s timeout, private targets allowed, and
 * a consumer session timeout of 6 s, so that the partitions of a killed process pass to the next
 * within seconds rather than the default 45.
 */
public final class DispatcherProcess implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String name;
    private final int port;
    private final Process process;

    private DispatcherProcess(String name, int port, Process process) {
        this.name = name;
        this.port = port;
        this.process = process;
    }

    /** Starts a dispatcher consuming from the broker at {@code bootstrapServers}. */
    public static DispatcherProcess start(String name, String bootstrapServers) {
        return start(name, bootstrapServers, Map.of());
    }

    public static DispatcherProcess start(String name, String bootstrapServers, Map<String, String> environment) {
        TestPostgres.Connection db = TestSchema.database();
        int port = freePort();
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-Dspring.kafka.consumer.properties[session.timeout.ms]=6000",
                "-Dspring.kafka.consumer.properties[heartbeat.interval.ms]=1000",
                "-jar", jar().toString());
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(Path.of("target", "dispatcher-" + name + ".log").toFile()));
        Map<String, String> env = builder.environment();
        env.put("SPRING_DATASOURCE_URL", db.jdbcUrl());
        env.put("SPRING_DATASOURCE_USERNAME", db.username());
        env.put("SPRING_DATASOURCE_PASSWORD", db.password());
        env.put("SPRING_KAFKA_BOOTSTRAP_SERVERS", bootstrapServers);
        env.put("MANAGEMENT_SERVER_PORT", Integer.toString(port));
        env.put("WEBHOOK_ALLOW_PRIVATE_TARGETS", "true");
        env.put("WEBHOOK_RETRY_DELAYS", "1s,2s,3s");
        env.put("WEBHOOK_TIMEOUT", "2s");
        env.put("DISPATCHER_TOPIC_PARTITIONS", "3");
        env.putAll(environment);
        try {
            return new DispatcherProcess(name, port, builder.start());
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

    /** Whether the readiness probe says UP. */
    public boolean isReady() {
        return get("/actuator/health/readiness").contains("\"status\":\"UP\"");
    }

    public String health() {
        return get("/actuator/health");
    }

    /** SIGTERM: a clean stop, which the test waits for. */
    public void stop() {
        process.destroy();
        waitForExit();
    }

    /** SIGKILL: no shutdown hook, no offset commit, no last attempts stored. */
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

    private String get(String path) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(5))
                    .build();
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static Path jar() {
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            return files.filter(file -> file.getFileName().toString().matches("webhook-dispatcher-.*\\.jar"))
                    .filter(file -> !file.getFileName().toString().endsWith("-plain.jar"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("Package the module first: no jar in target/"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
