package com.holidaylistings.integration.devstack.services;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Database;
import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.Secrets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything a service is started with but its ports, in {@code .dev/services/<name>.env} ({@code NAME=value}
 * lines, readable by its user only; a replica that the system tests start reads the same file): its own
 * database role (and, for the migrations of api-service and of the dispatcher, its schema owner's), its own
 * Kafka principal, and the stack's settings. A database or broker given from outside
 * (SPRING_DATASOURCE_URL, SPRING_KAFKA_BOOTSTRAP_SERVERS) is used with the credentials given with it.
 */
final class ServiceEnvironmentFile {

    private ServiceEnvironmentFile() {}

    /** Writes the file of service {@code name} and answers its settings. */
    static Map<String, String> write(LocalStack stack, String name) {
        List<Map.Entry<String, String>> lines = lines(stack, name);
        Path dir = stack.layout().dev().resolve("services");
        try {
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder text = new StringBuilder();
        Map<String, String> settings = new LinkedHashMap<>();
        for (Map.Entry<String, String> line : lines) {
            text.append(line.getKey()).append('=').append(line.getValue()).append('\n');
            settings.put(line.getKey(), line.getValue());
        }
        BackgroundProcesses.write(dir.resolve(name + ".env"), text.toString());
        return settings;
    }

    /** The file's lines, in order. */
    static List<Map.Entry<String, String>> lines(LocalStack stack, String name) {
        String role = name.replace('-', '_');
        String upperRole = role.toUpperCase(Locale.ROOT);
        Database database = stack.database();
        Secrets secrets = stack.secrets();
        DevEnvironment environment = stack.environment();
        boolean localDatabase = !database.external();
        Lines lines = new Lines();
        lines.add("SPRING_DATASOURCE_URL", database.jdbcUrl());
        lines.add("SPRING_DATASOURCE_USERNAME", localDatabase ? role : database.username());
        lines.add(
                "SPRING_DATASOURCE_PASSWORD",
                localDatabase ? secrets.password("PG_" + upperRole + "_PASSWORD") : database.password());
        lines.add("SPRING_KAFKA_BOOTSTRAP_SERVERS", stack.broker().bootstrapServers());
        lines.add("MANAGEMENT_ENDPOINT_HEALTH_PROBES_ENABLED", "true");
        lines.add("WEBHOOK_ALLOW_PRIVATE_TARGETS", environment.get("WEBHOOK_ALLOW_PRIVATE_TARGETS", "true"));
        // Each service only the secrets it uses: the admin key is api-service's; the keys of the webhook
        // secrets are api-service's (it encrypts) and the dispatcher's (it decrypts); enquiry-ingest has neither.
        switch (name) {
            case "api-service" -> {
                lines.add("ADMIN_API_KEY", secrets.adminApiKey());
                lines.add("SECRETS_ENCRYPTION_KEYS", secrets.encryptionKeys());
            }
            case "webhook-dispatcher" -> lines.add("SECRETS_ENCRYPTION_KEYS", secrets.encryptionKeys());
            default -> {}
        }
        if (name.equals("api-service")) {
            // the portal's links on the request's host: local development only (PORTAL_BASE_URL elsewhere)
            lines.add("PORTAL_ALLOW_REQUEST_HOST", environment.get("PORTAL_ALLOW_REQUEST_HOST", "true"));
            lines.add("SPRING_FLYWAY_USER", database.username());
            lines.add("SPRING_FLYWAY_PASSWORD", database.password());
            lines.add("TLS_KEYSTORE", secrets.keystore().toString());
            lines.add("TLS_KEYSTORE_PASSWORD", secrets.keystorePassword());
        }
        if (!stack.broker().external()) {
            lines.add("KAFKA_SECURITY_PROTOCOL", "SASL_PLAINTEXT");
            lines.add("KAFKA_SASL_MECHANISM", "SCRAM-SHA-512");
            lines.add("KAFKA_USERNAME", name);
            lines.add("KAFKA_PASSWORD", secrets.password("KAFKA_" + upperRole + "_PASSWORD"));
        } else {
            // a broker given from outside: how to reach it as given with it (LocalKafka checked the protocol)
            for (String variable :
                    List.of("KAFKA_SECURITY_PROTOCOL", "KAFKA_SASL_MECHANISM", "KAFKA_USERNAME", "KAFKA_PASSWORD")) {
                environment.get(variable).ifPresent(value -> lines.add(variable, value));
            }
        }
        if (name.equals("webhook-dispatcher") && localDatabase) {
            // the dispatcher migrates its own schema at start, as that schema's owner
            lines.add("SPRING_FLYWAY_USER", "webhook_dispatcher_owner");
            lines.add("SPRING_FLYWAY_PASSWORD", secrets.password("PG_WEBHOOK_DISPATCHER_OWNER_PASSWORD"));
        }
        return lines.entries;
    }

    private static final class Lines {
        private final List<Map.Entry<String, String>> entries = new ArrayList<>();

        void add(String name, String value) {
            entries.add(Map.entry(name, value));
        }
    }
}
