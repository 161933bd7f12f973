package com.holidaylistings.integration.devstack.kafka;

import com.holidaylistings.integration.devstack.Command;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.common.Uuid;

/**
 * The broker's storage ({@code .dev/kafka/data}), formatted once by Kafka's storage tool with the SCRAM
 * credentials of the admin and of every principal of the stack: the admin's must be there before the broker
 * first starts (its own listener authenticates with it), and the others are made with it. A storage formatted before authentication (no {@code sasl.v1} marker) is formatted
 * afresh; a new storage has no ACLs and no team principals yet, so their markers go with it.
 */
final class KafkaStorage {

    static final String SASL_MARKER = "sasl.v1";
    static final String ACLS_MARKER = "acls.v5";

    /** Each principal made at format, and the password of .dev/credentials.env that it gets. */
    private static final Map<String, String> PRINCIPALS = new LinkedHashMap<>();

    static {
        PRINCIPALS.put("admin", "KAFKA_ADMIN_PASSWORD");
        PRINCIPALS.put("api-service", "KAFKA_API_SERVICE_PASSWORD");
        PRINCIPALS.put("enquiry-ingest", "KAFKA_ENQUIRY_INGEST_PASSWORD");
        PRINCIPALS.put("webhook-dispatcher", "KAFKA_WEBHOOK_DISPATCHER_PASSWORD");
        PRINCIPALS.put("downstream", "KAFKA_DOWNSTREAM_PASSWORD");
    }

    private KafkaStorage() {}

    static void formatIfNeeded(LocalStack stack, BrokerJvm jvm) {
        Path kafka = stack.layout().kafka();
        Path data = kafka.resolve("data");
        Path meta = data.resolve("meta.properties");
        try {
            if (Files.exists(meta) && !Files.exists(kafka.resolve(SASL_MARKER))) {
                Console.warn("Kafka: its storage predates authentication (SCRAM credentials are made at format):"
                        + " formatting it afresh, its topics are lost");
                deleteTree(data);
                Files.deleteIfExists(kafka.resolve(ACLS_MARKER));
                Files.createDirectories(data);
            }
            if (Files.exists(meta)) {
                return;
            }
            // Kafka's own random ids never start with "-", which the command line would take for an option
            String clusterId = Uuid.randomUuid().toString();
            Console.say("Kafka: formatting its storage (cluster id " + clusterId + ")");
            Files.deleteIfExists(kafka.resolve(ACLS_MARKER));
            try (DirectoryStream<Path> added = Files.newDirectoryStream(kafka, "downstream-team-*.added")) {
                for (Path marker : added) {
                    Files.delete(marker);
                }
            }
            List<String> command = new ArrayList<>(jvm.tool("kafka.tools.StorageTool"));
            command.addAll(List.of(
                    "format",
                    "-t",
                    clusterId,
                    "-c",
                    kafka.resolve(BrokerSettings.SERVER).toString()));
            PRINCIPALS.forEach((name, password) -> command.addAll(List.of(
                    "--add-scram",
                    "SCRAM-SHA-512=[name=" + name + ",password="
                            + stack.secrets().password(password) + "]")));
            StackLayout layout = stack.layout();
            if (Command.of(command).in(layout.root()).appendTo(layout.log("kafka")) != 0) {
                throw stack.processes().failWithLog("kafka", "formatting the Kafka storage failed");
            }
            Files.writeString(kafka.resolve(SASL_MARKER), "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
