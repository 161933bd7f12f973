package com.holidaylistings.integration.devstack;

import com.holidaylistings.integration.devstack.demo.DemoData;
import com.holidaylistings.integration.devstack.kafka.LocalKafka;
import com.holidaylistings.integration.devstack.metrics.Prometheus;
import com.holidaylistings.integration.devstack.tracing.Zipkin;
import com.holidaylistings.integration.stack.SettingsFile;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code .dev/stack.env}: how to reach the running stack, for a user's shell ({@code set -a; . .dev/stack.env}),
 * the system tests and the benchmarks (stack-client reads it). Readable by its user only.
 */
final class StackEnvFile {

    private StackEnvFile() {}

    static void write(LocalStack stack, DemoData demo) {
        Path file = stack.layout().dev().resolve("stack.env");
        Secrets secrets = stack.secrets();
        Database database = stack.database();
        Map<String, String> settings = new LinkedHashMap<>();
        String api = "https://127.0.0.1:" + LocalStack.API_PORT;
        settings.put("API_BASE_URL", api + "/integration/v1");
        settings.put("INTERNAL_BASE_URL", api + "/internal/v1");
        settings.put(
                "API_MANAGEMENT_URL", "http://127.0.0.1:" + LocalStack.managementPort("api-service") + "/actuator");
        settings.put("ADMIN_API_KEY", secrets.adminApiKey());
        settings.put("SECRETS_ENCRYPTION_KEYS", secrets.encryptionKeys());
        settings.put("DEMO_TOKEN", demo.token());
        settings.put("DEMO_OWNER_ID", demo.ownerId());
        settings.put("DEMO_PROPERTY_ID", demo.propertyId());
        settings.put("CA_CERT", secrets.caCertificate().toString());
        settings.put("JDBC_URL", database.jdbcUrl());
        settings.put("JDBC_USERNAME", database.username());
        settings.put("JDBC_PASSWORD", database.password());
        settings.put("KAFKA_BOOTSTRAP_SERVERS", stack.broker().bootstrapServers());
        settings.putAll(Prometheus.stackSettings(stack));
        settings.putAll(LocalKafka.stackSettings(stack));
        settings.putAll(Zipkin.stackSettings(stack));
        BackgroundProcesses.write(
                file,
                "# The local stack, written by dev/up.sh. Load it with: set -a; . "
                        + stack.layout().rel(file) + "; set +a\n" + SettingsFile.lines(settings));
    }
}
