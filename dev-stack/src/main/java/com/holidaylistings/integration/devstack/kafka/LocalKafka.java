package com.holidaylistings.integration.devstack.kafka;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Broker;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.Secrets;
import com.holidaylistings.integration.devstack.StackFailure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stack's Kafka broker: a single node (KRaft, broker and controller in one process) on the loopback,
 * DEV_KAFKA_PORT (19092) for clients and DEV_KAFKA_CONTROLLER_PORT (19093) for its controller, its data
 * in {@code .dev/kafka/data}. Clients authenticate with SCRAM-SHA-512 and ACLs decide what each principal
 * may do. A broker given from outside (SPRING_KAFKA_BOOTSTRAP_SERVERS) is used as it is, and one that
 * runs already is kept, given what it lacks (ACLs, team principals).
 */
public final class LocalKafka {

    static final String NAME = "kafka";

    private static final String DEFAULT_JAVA_OPTIONS = "-Xms128m -Xmx512m -XX:+UseSerialGC";
    private static final Duration STOP_TIMEOUT_ON_UP = Duration.ofSeconds(30);
    private static final Duration STOP_TIMEOUT_ON_DOWN = Duration.ofSeconds(60);
    private static final Pattern ADVERTISED_PORT =
            Pattern.compile("^advertised.listeners=SASL_PLAINTEXT://127.0.0.1:([0-9]+)$", Pattern.MULTILINE);

    private LocalKafka() {}

    /** Starts the local broker unless it runs (or uses SPRING_KAFKA_BOOTSTRAP_SERVERS); sets stack.broker(). */
    public static void start(LocalStack stack) {
        DevEnvironment environment = stack.environment();
        Optional<String> external = environment.get("SPRING_KAFKA_BOOTSTRAP_SERVERS");
        if (external.isPresent()) {
            // the services assume no protocol (they refuse to start without one): say it with the broker
            if (environment.get("KAFKA_SECURITY_PROTOCOL").isEmpty()) {
                throw new StackFailure("SPRING_KAFKA_BOOTSTRAP_SERVERS needs KAFKA_SECURITY_PROTOCOL beside it:"
                        + " SASL_SSL or SASL_PLAINTEXT (with KAFKA_USERNAME and KAFKA_PASSWORD), or PLAINTEXT for a"
                        + " broker that authenticates nobody");
            }
            Console.say("Kafka: using SPRING_KAFKA_BOOTSTRAP_SERVERS=" + external.get());
            stack.broker(new Broker(external.get(), true));
            return;
        }
        BackgroundProcesses processes = stack.processes();
        Path kafka = stack.layout().kafka();
        int port = environment.integer("DEV_KAFKA_PORT", 19092);
        Optional<Long> running = processes.runningPid(NAME);
        if (running.isPresent() && !Files.exists(kafka.resolve(KafkaStorage.SASL_MARKER))) {
            Console.say("Kafka: stopping the broker, which runs without authentication");
            processes.stop(running.get(), "TERM", STOP_TIMEOUT_ON_UP, NAME);
            processes.removePidFile(NAME);
            running = processes.runningPid(NAME);
        }
        if (running.isPresent()) {
            long pid = running.get();
            String bootstrap = "127.0.0.1:" + advertisedPort(kafka).orElse(port);
            Console.say("Kafka: already running (pid " + pid + ", " + bootstrap + ")");
            stack.broker(new Broker(bootstrap, false));
            if (!BackgroundProcesses.portOpen(portOf(bootstrap))) {
                waitUntilAnswering(stack, pid, bootstrap);
            }
            new KafkaPrincipals(stack, bootstrap).ensure();
            return;
        }
        processes.removePidFile(NAME);
        int controllerPort = environment.integer("DEV_KAFKA_CONTROLLER_PORT", 19093);
        String bootstrap = "127.0.0.1:" + port;
        BackgroundProcesses.ensurePortFree(port, "the Kafka broker");
        BackgroundProcesses.ensurePortFree(controllerPort, "the Kafka controller");
        BrokerJvm jvm = new BrokerJvm(stack.layout());
        BrokerSettings.write(
                stack.layout(), port, controllerPort, stack.secrets().password("KAFKA_ADMIN_PASSWORD"));
        jvm.writeClasspathFile();
        processes.freshLog(NAME);
        KafkaStorage.formatIfNeeded(stack, jvm);

        Console.say("Kafka: starting on " + bootstrap + " (controller 127.0.0.1:" + controllerPort + ")");
        long pid = processes.launch(NAME, jvm.broker(javaOptions(environment)), Map.of());
        stack.broker(new Broker(bootstrap, false));
        waitUntilAnswering(stack, pid, bootstrap);
        new KafkaPrincipals(stack, bootstrap).ensure();
        stack.started(NAME);
    }

    /** Stops the local broker, if it runs: SIGTERM, up to 60 s, then SIGKILL. */
    public static void stop(LocalStack stack) {
        BackgroundProcesses processes = stack.processes();
        Optional<Long> pid = processes.pidToStop(NAME);
        if (pid.isEmpty()) {
            return;
        }
        Console.say(NAME + ": stopping (pid " + pid.get() + ")");
        processes.stop(pid.get(), "TERM", STOP_TIMEOUT_ON_DOWN, NAME);
        processes.removePidFile(NAME);
    }

    /**
     * The broker's lines of .dev/stack.env, in order: the protocol, the shared read-only {@code downstream}
     * principal (for other teams' consumers), the broker's admin (for operators' tools) and each downstream
     * team's own principal. None for a broker given from outside.
     */
    public static Map<String, String> stackSettings(LocalStack stack) {
        Map<String, String> settings = new LinkedHashMap<>();
        if (stack.broker().external()) {
            return settings;
        }
        Secrets secrets = stack.secrets();
        settings.put("KAFKA_SECURITY_PROTOCOL", "SASL_PLAINTEXT");
        settings.put("KAFKA_SASL_MECHANISM", "SCRAM-SHA-512");
        settings.put("KAFKA_DOWNSTREAM_USERNAME", "downstream");
        settings.put("KAFKA_DOWNSTREAM_PASSWORD", secrets.password("KAFKA_DOWNSTREAM_PASSWORD"));
        settings.put("KAFKA_ADMIN_USERNAME", "admin");
        settings.put("KAFKA_ADMIN_PASSWORD", secrets.password("KAFKA_ADMIN_PASSWORD"));
        DownstreamTeams teams = new DownstreamTeams(
                stack.layout().kafka(), new AclScript(stack.layout().root()));
        for (String team : teams.list(stack.environment())) {
            String prefix = "KAFKA_DOWNSTREAM_" + team.toUpperCase(Locale.ROOT);
            settings.put(prefix + "_USERNAME", "downstream-" + team);
            settings.put(prefix + "_PASSWORD", teams.password(team).orElse(""));
        }
        return settings;
    }

    /**
     * Waits until the broker accepts connections and answers a metadata request as the admin. Fails when
     * it exits, or when it has not answered within DEV_READY_TIMEOUT (then it is stopped).
     */
    private static void waitUntilAnswering(LocalStack stack, long pid, String bootstrap) {
        BackgroundProcesses processes = stack.processes();
        Duration timeout = stack.environment().readyTimeout();
        long deadline = System.nanoTime() + timeout.toNanos();
        Path adminProperties = stack.layout().kafka().resolve(BrokerSettings.ADMIN);
        String why = "port " + portOf(bootstrap) + " is not open";
        while (true) {
            if (BackgroundProcesses.portOpen(portOf(bootstrap))) {
                why = KafkaAdmin.whyNotAnswering(adminProperties, bootstrap);
                if (why == null) {
                    return;
                }
            }
            if (!BackgroundProcesses.isAlive(pid)) {
                processes.removePidFile(NAME);
                throw processes.failWithLog(NAME, "the broker exited");
            }
            if (System.nanoTime() - deadline > 0) {
                processes.stop(pid, "TERM", STOP_TIMEOUT_ON_UP, NAME);
                processes.removePidFile(NAME);
                KafkaPrincipals.appendToLog(stack, "ERROR the last metadata request: " + why);
                throw processes.failWithLog(
                        NAME,
                        "the broker did not answer on " + bootstrap + " within " + timeout.toSeconds()
                                + "s (stopped it)");
            }
            LockSupport.parkNanos(Duration.ofSeconds(1).toNanos());
        }
    }

    /** The port a running broker was started on, as its settings advertise it. */
    private static Optional<Integer> advertisedPort(Path kafka) {
        try {
            Matcher port = ADVERTISED_PORT.matcher(Files.readString(kafka.resolve(BrokerSettings.SERVER)));
            return port.find() ? Optional.of(Integer.parseInt(port.group(1))) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static int portOf(String bootstrap) {
        return Integer.parseInt(bootstrap.substring(bootstrap.lastIndexOf(':') + 1));
    }

    /** DEV_KAFKA_JAVA_OPTS, split on blanks as bash's read -a splits it. */
    private static List<String> javaOptions(DevEnvironment environment) {
        String options =
                environment.get("DEV_KAFKA_JAVA_OPTS", DEFAULT_JAVA_OPTIONS).strip();
        return options.isEmpty() ? List.of() : Arrays.asList(options.split("\\s+"));
    }
}
