package com.holidaylistings.integration.ingest;

import com.holidaylistings.integration.testsupport.ServiceProcess;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The packaged enquiry-ingest as a real process on the shared PostgreSQL and Kafka. */
public final class IngestProcess implements AutoCloseable {

    private final ServiceProcess process;

    private IngestProcess(ServiceProcess process) {
        this.process = process;
    }

    public static IngestProcess start(String name) {
        return start(name, Map.of());
    }

    public static IngestProcess start(String name, Map<String, String> environment) {
        Map<String, String> env = new HashMap<>(Map.of(
                "SPRING_KAFKA_BOOTSTRAP_SERVERS", IngestTestBed.kafka(),
                "KAFKA_SECURITY_PROTOCOL", "PLAINTEXT", // the tests' broker authenticates nobody
                "INGEST_TOPIC_PARTITIONS", "3",
                "INGEST_LEADER_CHECK_INTERVAL", "200ms"));
        env.putAll(environment);
        IngestTestBed.database();
        return new IngestProcess(ServiceProcess.start("enquiry-ingest", name, List.of("-Xmx256m"), env));
    }

    public String name() {
        return process.name();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public boolean isReady() {
        return process.isReady();
    }

    /** Whether this replica is the one streaming (leader, engine streaming). */
    public boolean isStreaming() {
        String health = process.health();
        return health.contains("\"role\":\"leader\"") && health.contains("\"engine\":\"streaming\"");
    }

    public String health() {
        return process.health();
    }

    public void stop() {
        process.stop();
    }

    public void kill() {
        process.kill();
    }

    @Override
    public void close() {
        process.close();
    }
}
