package com.holidaylistings.integration.devstack.tracing;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Command;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.StackFailure;
import com.holidaylistings.integration.devstack.StackLayout;
import com.holidaylistings.integration.stack.Jdk;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * DEV_TRACING=1: Zipkin's server ({@code io.zipkin:zipkin-server:<version>:exec} from Maven Central,
 * fetched once into {@code .dev/zipkin/}) on 127.0.0.1:DEV_ZIPKIN_PORT (19411), spans kept in memory. The
 * services export their spans to it in Zipkin's JSON (Zipkin does not take OTLP without a module of its
 * own), and .dev/stack.env gets ZIPKIN_URL. Also while the stack's Zipkin runs without DEV_TRACING: a
 * service restarted by a plain dev/up.sh (the system tests restart what they kill) keeps exporting to it.
 */
public final class Zipkin {

    private static final String VERSION = "3.5.1";
    private static final String NAME = "zipkin";
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration READY_POLL = Duration.ofSeconds(1);
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private Zipkin() {}

    /** DEV_TRACING=1 (or while the stack's Zipkin runs): starts Zipkin unless it runs. */
    public static void start(LocalStack stack) {
        if (!enabled(stack)) {
            return;
        }
        BackgroundProcesses processes = stack.processes();
        Optional<Long> running = processes.runningPid(NAME);
        if (running.isPresent()) {
            Console.say("zipkin: already running (pid " + running.get() + ")");
            return;
        }
        Path jar = fetch(stack.layout());
        int port = port(stack);
        String url = url(stack);
        BackgroundProcesses.ensurePortFree(port, NAME);
        processes.freshLog(NAME);
        Console.say("zipkin: starting on " + url);
        // Armeria's port and address: loopback only, as everything of the stack. The spans live in
        // memory: the newest 30,000 (about 3,500 enquiries) fit its heap; a benchmark's hundred thousand
        // ran it out of memory with the default of 500,000.
        long pid = processes.launch(
                NAME,
                List.of(
                        Jdk.tool("java").toString(),
                        "-Xms32m",
                        "-Xmx256m",
                        "-XX:+UseSerialGC",
                        "-jar",
                        jar.toString(),
                        "--armeria.ports[0].port=" + port,
                        "--armeria.ports[0].ip=127.0.0.1",
                        "--armeria.ports[0].protocols[0]=http",
                        "--zipkin.storage.mem.max-spans=30000"),
                Map.of());
        Duration timeout = stack.environment().readyTimeout();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!ready(url)) {
            if (!BackgroundProcesses.isAlive(pid)) {
                throw processes.failWithLog(NAME, "exited before it was ready");
            }
            if (System.nanoTime() - deadline >= 0) {
                throw processes.failWithLog(
                        NAME, "not ready within " + timeout.toSeconds() + "s at " + url + "/health");
            }
            BackgroundProcesses.sleep(READY_POLL);
        }
        stack.started(NAME);
        Console.say("zipkin: ready (pid " + pid + ")");
    }

    public static void stop(LocalStack stack) {
        BackgroundProcesses processes = stack.processes();
        processes.pidToStop(NAME).ifPresent(pid -> {
            Console.say("zipkin: stopping (pid " + pid + ")");
            processes.stop(pid, "TERM", STOP_TIMEOUT, NAME);
            processes.removePidFile(NAME);
        });
    }

    /**
     * What the services started now get to export their spans to Zipkin (Boot's own property names); empty
     * without tracing. A running service keeps what it was started with.
     */
    public static Map<String, String> serviceEnvironment(LocalStack stack) {
        if (!enabled(stack)) {
            return Map.of();
        }
        return Map.of(
                "MANAGEMENT_TRACING_EXPORT_ZIPKIN_ENABLED",
                "true",
                "MANAGEMENT_TRACING_EXPORT_ZIPKIN_ENDPOINT",
                url(stack) + "/api/v2/spans");
    }

    /** ZIPKIN_URL for .dev/stack.env; empty without tracing. */
    public static Map<String, String> stackSettings(LocalStack stack) {
        return enabled(stack) ? Map.of("ZIPKIN_URL", url(stack)) : Map.of();
    }

    private static boolean enabled(LocalStack stack) {
        return stack.environment().flag("DEV_TRACING", "start Zipkin too")
                || stack.processes().runningPid(NAME).isPresent();
    }

    private static int port(LocalStack stack) {
        return stack.environment().integer("DEV_ZIPKIN_PORT", 19411);
    }

    private static String url(LocalStack stack) {
        return "http://127.0.0.1:" + port(stack);
    }

    /** The exec jar in .dev/zipkin, fetched with Maven (the user's repository and mirrors) when missing. */
    private static Path fetch(StackLayout layout) {
        Path dir = layout.dev().resolve(NAME);
        Path jar = dir.resolve("zipkin-server-" + VERSION + "-exec.jar");
        if (Files.isRegularFile(jar) && size(jar) > 0) {
            return jar;
        }
        Console.say("zipkin: fetching zipkin-server " + VERSION + " (exec jar, about 130 MB) into " + layout.rel(dir));
        String failure = "zipkin: could not fetch io.zipkin:zipkin-server:" + VERSION + ":exec (see "
                + layout.rel(layout.log("build")) + ")";
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new StackFailure(failure, e);
        }
        // -N: the root project only, whose plugin versions are pinned, not once per module
        int status = Command.of(
                        "mvn",
                        "-B",
                        "-q",
                        "-N",
                        "dependency:copy",
                        "-Dartifact=io.zipkin:zipkin-server:" + VERSION + ":jar:exec",
                        "-DoutputDirectory=" + dir)
                .in(layout.root())
                .appendTo(layout.log("build"));
        if (status != 0) {
            throw new StackFailure(failure);
        }
        return jar;
    }

    private static boolean ready(String url) {
        try {
            HttpResponse<String> response = HTTP.send(
                    HttpRequest.newBuilder(URI.create(url + "/health"))
                            .timeout(Duration.ofSeconds(3))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() / 100 == 2 && response.body().contains("\"UP\"");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }
}
