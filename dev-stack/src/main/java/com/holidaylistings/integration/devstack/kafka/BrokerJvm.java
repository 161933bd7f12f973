package com.holidaylistings.integration.devstack.kafka;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.StackLayout;
import com.holidaylistings.integration.stack.Jdk;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How the broker and Kafka's storage tool run: on the JDK and the classpath of the launcher itself,
 * which holds the broker (kafka_2.13, kafka-tools, the Log4j 2 binding of SLF4J), so the stack's Kafka is
 * the build's Kafka and needs no resolving of its own. The classpath is also written to
 * {@code .dev/kafka/classpath.txt}, for Kafka's console tools (docs/local-stack.md) and the benchmarks'
 * record of the Kafka version.
 */
final class BrokerJvm {

    static final String BROKER_CLASS = "kafka.Kafka";

    private final StackLayout layout;
    private final String java;
    private final String classpath;

    BrokerJvm(StackLayout layout) {
        this.layout = layout;
        this.java = Jdk.tool("java").toString();
        // the launcher's classpath without the checkout's build output: a build replaces those files
        // under a running broker, which needs none of them (Kafka and Log4j come from the Maven repository)
        this.classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !Path.of(entry).toAbsolutePath().normalize().startsWith(layout.root()))
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** The broker's command line; its marker is {@code kafka.Kafka <.dev/kafka/server.properties>}. */
    List<String> broker(List<String> javaOptions) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(javaOptions);
        command.add("-Djava.awt.headless=true");
        command.add("-Dlog4j2.configurationFile=" + layout.kafka().resolve(BrokerSettings.BROKER_LOGGING));
        command.addAll(List.of(
                "-cp",
                classpath,
                BROKER_CLASS,
                layout.kafka().resolve(BrokerSettings.SERVER).toString()));
        return command;
    }

    /** A command-line tool of Kafka's ({@code mainClass}), logging warnings and errors only. */
    List<String> tool(String mainClass) {
        return new ArrayList<>(List.of(
                java,
                "-Dlog4j2.configurationFile=" + layout.kafka().resolve(BrokerSettings.TOOLS_LOGGING),
                "-cp",
                classpath,
                mainClass));
    }

    void writeClasspathFile() {
        BackgroundProcesses.write(layout.kafka().resolve("classpath.txt"), classpath);
    }
}
