package com.holidaylistings.integration.devstack;

import java.util.List;

/**
 * What the command line of each of the stack's processes contains, and no other process's does
 * (the scripts ask the launcher, `dev_stack_running` of dev/lib/launcher.sh).
 */
final class ProcessMarkers {

    private final StackLayout layout;

    ProcessMarkers(StackLayout layout) {
        this.layout = layout;
    }

    List<String> of(String name) {
        return switch (name) {
            case "postgres" -> List.of("-D " + layout.postgresHome().resolve("data"));
            case "kafka" -> List.of("kafka.Kafka " + layout.kafka().resolve("server.properties"));
            case "zipkin" -> List.of("-jar " + layout.dev().resolve("zipkin").resolve("zipkin-server-"));
            case "prometheus" ->
                List.of("--config.file=" + layout.dev().resolve("prometheus").resolve("prometheus.yml"));
            default ->
                List.of(
                        "-jar " + layout.root().resolve(name).resolve("target").resolve(name + "-"),
                        "-jar " + layout.dev().resolve("warm-start").resolve(name) + "/");
        };
    }
}
