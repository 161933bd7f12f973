package com.holidaylistings.integration.devstack;

import java.util.ArrayList;
import java.util.List;

/**
 * One run of dev/up.sh or dev/down.sh: where the stack lives, its processes, the environment, and what
 * each step has found or started so far (the database, the broker, the secrets), which later steps use.
 */
public final class LocalStack {

    /** Started in this order, stopped in the reverse one. Only those whose module exists are run. */
    public static final List<String> SERVICES = List.of("api-service", "enquiry-ingest", "webhook-dispatcher");

    public static final int API_PORT = 8443;

    private final StackLayout layout;
    private final BackgroundProcesses processes;
    private final DevEnvironment environment;
    private final List<String> started = new ArrayList<>();
    private Secrets secrets;
    private Database database;
    private Broker broker;

    public LocalStack(StackLayout layout, DevEnvironment environment) {
        this.layout = layout;
        this.processes = new BackgroundProcesses(layout);
        this.environment = environment;
    }

    public StackLayout layout() {
        return layout;
    }

    public BackgroundProcesses processes() {
        return processes;
    }

    public DevEnvironment environment() {
        return environment;
    }

    /** The management port of a service, where its health and metrics are. */
    public static int managementPort(String service) {
        return switch (service) {
            case "api-service" -> 8081;
            case "enquiry-ingest" -> 8082;
            case "webhook-dispatcher" -> 8083;
            default -> throw new IllegalArgumentException("not a service: " + service);
        };
    }

    /** api-service serves the API over HTTPS on 8443; the others serve only their management port. */
    public static int serverPort(String service) {
        return service.equals("api-service") ? API_PORT : managementPort(service);
    }

    public void started(String process) {
        started.add(process);
    }

    public List<String> started() {
        return List.copyOf(started);
    }

    public Secrets secrets() {
        return required(secrets, "secrets");
    }

    public void secrets(Secrets secrets) {
        this.secrets = secrets;
    }

    public Database database() {
        return required(database, "database");
    }

    public void database(Database database) {
        this.database = database;
    }

    public Broker broker() {
        return required(broker, "broker");
    }

    public void broker(Broker broker) {
        this.broker = broker;
    }

    private static <T> T required(T value, String what) {
        if (value == null) {
            throw new IllegalStateException("the " + what + " is not known yet");
        }
        return value;
    }
}
