package com.holidaylistings.integration.dispatcher;

import com.holidaylistings.integration.testsupport.ServiceProcess;
import com.holidaylistings.integration.testsupport.TestSecrets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The packaged webhook-dispatcher running as a real process on the shared test database, so that
 * tests can stop it with SIGTERM or kill it with SIGKILL as an operator or a crash would. It has
 * the retry schedule of the in-JVM tests (1s,2s,3s), a 2 s timeout, private targets allowed, and
 * a consumer session timeout of 6 s, so that the partitions of a killed process pass to the next
 * within seconds rather than the default 45. A pending delivery counts as overdue (its record lost)
 * {@link #OVERDUE_AFTER} past its due time rather than 5 minutes, scaled down with the schedule: a
 * process killed after storing a failed attempt but before forwarding its record leaves the delivery
 * to the row poller, which puts it back once overdue.
 */
public final class DispatcherProcess implements AutoCloseable {

    /** {@code webhook.overdue-after} of the process. */
    public static final String OVERDUE_AFTER = "15s";

    private final ServiceProcess process;

    private DispatcherProcess(ServiceProcess process) {
        this.process = process;
    }

    /** Starts a dispatcher consuming from the broker at {@code bootstrapServers}. */
    public static DispatcherProcess start(String name, String bootstrapServers) {
        return start(name, bootstrapServers, Map.of());
    }

    public static DispatcherProcess start(String name, String bootstrapServers, Map<String, String> environment) {
        Map<String, String> env = new HashMap<>(Map.of(
                "SPRING_KAFKA_BOOTSTRAP_SERVERS", bootstrapServers,
                "KAFKA_SECURITY_PROTOCOL", "PLAINTEXT", // the tests' broker authenticates nobody
                "SECRETS_ENCRYPTION_KEYS", TestSecrets.ENCRYPTION_KEYS,
                "WEBHOOK_ALLOW_PRIVATE_TARGETS", "true",
                "WEBHOOK_RETRY_DELAYS", "1s,2s,3s",
                "WEBHOOK_TIMEOUT", "2s",
                "DISPATCHER_TOPIC_PARTITIONS", "3"));
        env.putAll(environment);
        List<String> jvm = List.of(
                "-Xmx256m",
                "-Dspring.kafka.consumer.properties[session.timeout.ms]=6000",
                "-Dspring.kafka.consumer.properties[heartbeat.interval.ms]=1000",
                "-Dwebhook.overdue-after=" + OVERDUE_AFTER);
        return new DispatcherProcess(ServiceProcess.start("webhook-dispatcher", name, jvm, env));
    }

    public String name() {
        return process.name();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** A URL on its management port, e.g. {@code /actuator/health}. */
    public String managementUrl(String path) {
        return "http://127.0.0.1:" + process.port() + path;
    }

    /** Whether the readiness probe says UP. */
    public boolean isReady() {
        return process.isReady();
    }

    /** Whether the liveness probe says UP. */
    public boolean isLive() {
        return process.isLive();
    }

    public String health() {
        return process.health();
    }

    /** Its exit status once it has exited by itself within {@code timeout}; empty while it still runs. */
    public OptionalInt exitStatus(Duration timeout) {
        return process.exitStatus(timeout);
    }

    /** Its log so far, one line each. */
    public List<String> logLines() {
        return process.logLines();
    }

    /** SIGTERM: a clean stop, which the test waits for. */
    public void stop() {
        process.stop();
    }

    /** SIGKILL: no shutdown hook, no offset commit. */
    public void kill() {
        process.kill();
    }

    @Override
    public void close() {
        process.close();
    }
}
