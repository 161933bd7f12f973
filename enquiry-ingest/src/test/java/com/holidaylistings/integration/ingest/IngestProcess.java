package com.holidaylistings.integration.ingest;

import com.holidaylistings.integration.testsupport.TestPostgres;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The packaged enquiry-ingest service running as a real process, so that tests can stop it with
 * SIGTERM or kill it with SIGKILL as an operator or a crash would.
 */
public final class IngestProcess implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String name;
    private final int port;
    private final Process process;

    private IngestProcess(String name, int port, Process process) {
        this.name = name;
        this.port = port;
        this.process = process;
    }

    public static IngestProcess start(String name) {
        return start(name, Map.of());
    }

    public static IngestProcess start(String name, Map<String, String> environment) {
        TestPostgres.Connection db = IngestTestBed.database();
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-jar", jar().toString()));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(Path.of("target", "ingest-" + name + ".log").toFile()));
        Map<String, String> env = builder.environment();
        env.put("SPRING_DATASOURCE_URL", db.jdbcUrl());
        env.put("SPRING_DATASOURCE_USERNAME", db.username());
        env.put("SPRING_DATASOURCE_PASSWORD", db.password());
        env.put("SPRING_KAFKA_BOOTSTRAP_SERVERS", IngestTestBed.kafka());
        env.put("MANAGEMENT_SERVER_PORT", Integer.toString(port));
        env.put("INGEST_TOPIC_PARTITIONS", "3");
        env.put("INGEST_LEADER_CHECK_INTERVAL", "200ms");
        env.putAll(environment);
        try {
            return new IngestProcess(name, port, builder.start());
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

    /** Whether this replica is the one streaming (leader, engine streaming). */
    public boolean isStreaming() {
        String health = get("/actuator/health");
        return health.contains("\"role\":\"leader\"") && health.contains("\"engine\":\"streaming\"");
    }

    public String health() {
        return get("/actuator/health");
    }

    /** SIGTERM: a clean stop, which the test waits for. */
    public void stop() {
        process.destroy();
        waitForExit();
    }

    /** SIGKILL: no shutdown hook, no offset flush. */
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
            return files.filter(file -> file.getFileName().toString().matches("enquiry-ingest-.*\\.jar"))
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
