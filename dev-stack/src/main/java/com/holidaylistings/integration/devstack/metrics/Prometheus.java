package com.holidaylistings.integration.devstack.metrics;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Command;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.StackFailure;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Prometheus for the local stack (DEV_METRICS=1; dev/README.md): Debian's prometheus binary run as a
 * background process like the stack's others, with its configuration and data under .dev/prometheus/,
 * listening on 127.0.0.1:DEV_PROMETHEUS_PORT (19090), scraping the three services' management ports every
 * 5 s and loading the alert rules of ops/prometheus/. A running one is reloaded, so that changed rules are
 * tried without losing its data.
 */
public final class Prometheus {

    private static final String NAME = "prometheus";
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration RELOAD_TIMEOUT = Duration.ofSeconds(15);

    private Prometheus() {}

    /** True when DEV_METRICS asks for Prometheus (1, true, yes or on); refuses a value it does not know. */
    public static boolean enabled(LocalStack stack) {
        return stack.environment().flag("DEV_METRICS", "start Prometheus too");
    }

    /**
     * Installs Debian's prometheus package when the binary is missing (as root, with apt; its service is
     * not used: the launcher runs the binary itself), else says how to get it.
     */
    public static void ensureInstalled(LocalStack stack) {
        if (BackgroundProcesses.onPath(NAME)) {
            return;
        }
        StackLayout layout = stack.layout();
        if (isRoot() && BackgroundProcesses.onPath("apt-get")) {
            Path log = layout.log("prometheus-install");
            Console.say("DEV_METRICS: installing Debian's prometheus package (apt-get install prometheus; log: "
                    + layout.rel(log) + ")");
            Map<String, String> noninteractive = Map.of("DEBIAN_FRONTEND", "noninteractive");
            Command update = Command.of("apt-get", "update", "-qq").with(noninteractive);
            Command install = Command.of("apt-get", "install", "-y", "-qq", "--no-install-recommends", NAME)
                    .with(noninteractive);
            boolean installed = update.writeTo(log) == 0 && install.appendTo(log) == 0;
            if (!installed) {
                throw stack.processes().failWithLog("prometheus-install", "installing the prometheus package failed");
            }
            if (!BackgroundProcesses.onPath(NAME)) {
                throw new StackFailure("the prometheus package is installed but there is no prometheus on PATH");
            }
            if (Files.isDirectory(Path.of("/run/systemd/system"))) {
                Console.warn("Debian's package may have started its own prometheus service (port 9090); the stack"
                        + " does not use it: 'systemctl disable --now prometheus' stops it");
            }
            return;
        }
        throw new StackFailure("DEV_METRICS=1 needs Prometheus: install Debian's package as root (sudo apt-get"
                + " install prometheus; the stack runs the binary itself, not its service), or put a prometheus"
                + " binary (2.x) on PATH; or run dev/up.sh without DEV_METRICS");
    }

    /** Starts Prometheus, or reloads a running one, and waits until its rules are loaded. */
    public static void start(LocalStack stack) {
        StackLayout layout = stack.layout();
        BackgroundProcesses processes = stack.processes();
        int port = port(stack);
        PrometheusApi api = new PrometheusApi(url(port));
        Path dir = dir(layout);
        Path config = dir.resolve("prometheus.yml");
        writeConfig(layout, config);
        Optional<Long> running = processes.runningPid(NAME);
        if (running.isPresent()) {
            String recorded = recordedPort(dir);
            if (recorded.equals(Integer.toString(port))) {
                Console.say("prometheus: already running (pid " + running.get() + ", " + api.url()
                        + "): reloading its configuration and rules");
                reload(stack, running.get(), api);
                awaitRules(stack, running.get(), api);
                return;
            }
            Console.say("prometheus: running on port " + (recorded.isEmpty() ? "?" : recorded)
                    + ", DEV_PROMETHEUS_PORT is " + port + ": restarting it");
            stop(stack);
        }
        processes.removePidFile(NAME);
        BackgroundProcesses.ensurePortFree(port, "Prometheus; choose another with DEV_PROMETHEUS_PORT");
        processes.freshLog(NAME);
        String binary = binary();
        Path data = dir.resolve("data");
        Console.say(
                "prometheus: starting on 127.0.0.1:" + port + " (" + binary + ", data in " + layout.rel(data) + ")");
        long pid = processes.launch(
                NAME,
                List.of(
                        binary,
                        "--config.file=" + config,
                        "--storage.tsdb.path=" + data,
                        "--storage.tsdb.retention.time=7d",
                        "--web.listen-address=127.0.0.1:" + port),
                Map.of());
        BackgroundProcesses.write(dir.resolve("port"), port + "\n");
        awaitRules(stack, pid, api);
        stack.started(NAME);
    }

    /** Stops the stack's Prometheus, if it runs (SIGTERM, up to 30 s, then SIGKILL); its data is kept. */
    public static void stop(LocalStack stack) {
        BackgroundProcesses processes = stack.processes();
        Optional<Long> running = processes.runningPid(NAME);
        if (running.isPresent()) {
            Console.say("prometheus: stopping (pid " + running.get() + ")");
            processes.stop(running.get(), "TERM", STOP_TIMEOUT, NAME);
        }
        processes.removePidFile(NAME);
    }

    /** PROMETHEUS_URL for .dev/stack.env; empty without DEV_METRICS. */
    public static Map<String, String> stackSettings(LocalStack stack) {
        return enabled(stack) ? Map.of("PROMETHEUS_URL", url(port(stack))) : Map.of();
    }

    private static int port(LocalStack stack) {
        return stack.environment().integer("DEV_PROMETHEUS_PORT", 19090);
    }

    private static String url(int port) {
        return "http://127.0.0.1:" + port;
    }

    private static Path dir(StackLayout layout) {
        return layout.dev().resolve(NAME);
    }

    private static Path rulesDir(StackLayout layout) {
        return layout.root().resolve("ops").resolve(NAME);
    }

    private static void writeConfig(StackLayout layout, Path config) {
        try {
            Files.createDirectories(config.resolveSibling("data"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        BackgroundProcesses.write(config, PrometheusConfig.text(rulesDir(layout)));
    }

    /**
     * Waits (up to DEV_READY_TIMEOUT) for /-/ready, then for /api/v1/rules to list every alert of the rule
     * files: their names are checked, not only a count, so that a stale set fails too.
     */
    private static void awaitRules(LocalStack stack, long pid, PrometheusApi api) {
        BackgroundProcesses processes = stack.processes();
        Duration timeout = stack.environment().readyTimeout();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!api.isReady()) {
            if (!BackgroundProcesses.isAlive(pid)) {
                processes.removePidFile(NAME);
                throw processes.failWithLog(
                        NAME, "exited before it was ready (a rule file or the configuration is invalid?)");
            }
            if (System.nanoTime() - deadline >= 0) {
                throw processes.failWithLog(
                        NAME, "not ready within " + timeout.toSeconds() + "s at " + api.url() + "/-/ready");
            }
            BackgroundProcesses.sleep(Duration.ofMillis(500));
        }
        Path rulesDir = rulesDir(stack.layout());
        SortedSet<String> expected = PrometheusConfig.expectedAlerts(rulesDir);
        while (true) {
            SortedSet<String> missing = new TreeSet<>(expected);
            missing.removeAll(api.loadedAlerts());
            if (missing.isEmpty()) {
                break;
            }
            if (System.nanoTime() - deadline >= 0) {
                throw processes.failWithLog(
                        NAME,
                        "its rules did not load: " + api.url() + "/api/v1/rules lacks " + String.join(" ", missing));
            }
            BackgroundProcesses.sleep(Duration.ofMillis(500));
        }
        Console.say("prometheus: ready at " + api.url() + ", " + expected.size() + " alerts loaded from "
                + stack.layout().rel(rulesDir) + "/");
    }

    /**
     * Asks a running Prometheus to read its configuration and rules again (SIGHUP) and checks that it did:
     * runtimeinfo's lastConfigTime moves on and reloadConfigSuccess is true.
     */
    private static void reload(LocalStack stack, long pid, PrometheusApi api) {
        String before = api.lastReload().lastConfigTime();
        BackgroundProcesses.signal(pid, "HUP");
        long deadline = System.nanoTime() + RELOAD_TIMEOUT.toNanos();
        PrometheusApi.Reload after;
        while (true) {
            after = api.lastReload();
            boolean moved =
                    !after.lastConfigTime().isEmpty() && !after.lastConfigTime().equals(before);
            if (moved || after.succeeded().equals(Optional.of(false)) || System.nanoTime() - deadline >= 0) {
                break;
            }
            BackgroundProcesses.sleep(Duration.ofMillis(300));
        }
        if (!after.succeeded().equals(Optional.of(true))) {
            throw stack.processes()
                    .failWithLog(
                            NAME,
                            "reloading its configuration and rules failed (see the log; promtool check rules"
                                    + " ops/prometheus/alerts.yml)");
        }
    }

    private static String recordedPort(Path dir) {
        try {
            Path file = dir.resolve("port");
            return Files.exists(file) ? Files.readString(file).trim() : "";
        } catch (IOException e) {
            return "";
        }
    }

    /** The prometheus binary that PATH names. */
    private static String binary() {
        for (String entry : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(entry, NAME);
            if (!entry.isEmpty() && Files.isExecutable(candidate)) {
                return candidate.toAbsolutePath().toString();
            }
        }
        throw new StackFailure("no prometheus on PATH");
    }

    private static boolean isRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }
}
