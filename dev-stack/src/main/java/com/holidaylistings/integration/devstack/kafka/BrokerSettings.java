package com.holidaylistings.integration.devstack.kafka;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The broker's settings and the admin's ({@code .dev/kafka/server.properties}, {@code admin.properties}),
 * written at every start from the templates that docker-compose's broker uses too ({@code dev/kafka/}),
 * by the one renderer both share ({@code kafka_render_template} of {@code dev/lib/kafka-config.sh}): on
 * the loopback, on this stack's ports. Both hold the admin's password, so only their owner reads them.
 * Beside them, the Log4j 2 settings of the broker and of the storage tool.
 *
 * <p>Uses nothing but the JDK and the launcher's core, so that ops/kafka/test_broker_config.sh can compile
 * it alone and compare what it writes with docker-compose's files ({@link #main}).
 */
public final class BrokerSettings {

    static final String SERVER = "server.properties";
    static final String ADMIN = "admin.properties";
    static final String BROKER_LOGGING = "log4j2.properties";
    static final String TOOLS_LOGGING = "log4j2-tools.properties";

    private static final String BROKER_LOG4J = """
            # Broker logging (to stdout, which dev/up.sh sends to .dev/logs/kafka.log).
            appender.out.type = Console
            appender.out.name = OUT
            appender.out.layout.type = PatternLayout
            appender.out.layout.pattern = [%d] %p %m (%c)%n
            rootLogger.level = INFO
            rootLogger.appenderRef.out.ref = OUT
            logger.state.name = state.change.logger
            logger.state.level = WARN
            logger.request.name = kafka.request.logger
            logger.request.level = WARN
            """;

    private static final String TOOLS_LOG4J = """
            # Command-line tools: warnings and errors only, to stderr.
            appender.err.type = Console
            appender.err.name = ERR
            appender.err.target = SYSTEM_ERR
            appender.err.layout.type = PatternLayout
            appender.err.layout.pattern = %p %m%n
            rootLogger.level = WARN
            rootLogger.appenderRef.err.ref = ERR
            """;

    private BrokerSettings() {}

    /** Writes the four files into {@code .dev/kafka}, and makes its {@code data} directory. */
    static void write(StackLayout layout, int port, int controllerPort, String adminPassword) {
        Path kafka = layout.kafka();
        Path data = kafka.resolve("data");
        try {
            Files.createDirectories(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> variables = Map.ofEntries(
                Map.entry("KAFKA_LISTEN_HOST", "127.0.0.1"),
                Map.entry("KAFKA_ADVERTISED_HOST", "127.0.0.1"),
                Map.entry("KAFKA_DATA_DIR", data.toString()),
                Map.entry("KAFKA_PORT", Integer.toString(port)),
                Map.entry("KAFKA_CONTROLLER_PORT", Integer.toString(controllerPort)),
                Map.entry("KAFKA_ADMIN_PASSWORD", adminPassword));
        BashLibrary renderer = BashLibrary.kafkaConfig(layout.root());
        Path templates = layout.root().resolve("dev/kafka");
        for (String file : List.of("broker.properties", ADMIN)) {
            String text = renderer.output(
                    "kafka_render_template", List.of(templates.resolve(file).toString()), variables);
            BackgroundProcesses.write(kafka.resolve(file.equals(ADMIN) ? ADMIN : SERVER), text);
        }
        BackgroundProcesses.write(kafka.resolve(BROKER_LOGGING), BROKER_LOG4J);
        BackgroundProcesses.write(kafka.resolve(TOOLS_LOGGING), TOOLS_LOG4J);
    }

    /**
     * {@code BrokerSettings <checkout> <port> <controller port>}, the admin's password in
     * KAFKA_ADMIN_PASSWORD: writes the files into {@code <checkout>/.dev/kafka} as dev/up.sh does, for
     * ops/kafka/test_broker_config.sh.
     */
    public static void main(String[] args) {
        if (args.length != 3 || System.getenv("KAFKA_ADMIN_PASSWORD") == null) {
            System.err.println("usage: KAFKA_ADMIN_PASSWORD=... BrokerSettings <checkout> <port> <controller port>");
            System.exit(2);
        }
        write(
                new StackLayout(Path.of(args[0])),
                Integer.parseInt(args[1]),
                Integer.parseInt(args[2]),
                System.getenv("KAFKA_ADMIN_PASSWORD"));
    }
}
