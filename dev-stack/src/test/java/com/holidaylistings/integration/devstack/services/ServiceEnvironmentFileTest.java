package com.holidaylistings.integration.devstack.services;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.devstack.Broker;
import com.holidaylistings.integration.devstack.Database;
import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.Secrets;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceEnvironmentFileTest {

    private static final String JDBC_URL = "jdbc:postgresql://127.0.0.1:15432/owner_integration";

    @TempDir
    Path root;

    @Test
    void apiServiceGetsItsRoleItsPrincipalTheAdminKeyAndTheKeystore() throws IOException {
        LocalStack stack = stack(Map.of(), false, false);

        ServiceEnvironmentFile.write(stack, "api-service");

        assertThat(Files.readString(root.resolve(".dev/services/api-service.env")))
                .isEqualTo("""
                        SPRING_DATASOURCE_URL=jdbc:postgresql://127.0.0.1:15432/owner_integration
                        SPRING_DATASOURCE_USERNAME=api_service
                        SPRING_DATASOURCE_PASSWORD=pg-api
                        SPRING_KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:19092
                        MANAGEMENT_ENDPOINT_HEALTH_PROBES_ENABLED=true
                        WEBHOOK_ALLOW_PRIVATE_TARGETS=true
                        ADMIN_API_KEY=admin-key
                        SECRETS_ENCRYPTION_KEYS=local:a2V5
                        PORTAL_ALLOW_REQUEST_HOST=true
                        SPRING_FLYWAY_USER=owner_integration
                        SPRING_FLYWAY_PASSWORD=owner-password
                        TLS_KEYSTORE=%s
                        TLS_KEYSTORE_PASSWORD=store-password
                        KAFKA_SECURITY_PROTOCOL=SASL_PLAINTEXT
                        KAFKA_SASL_MECHANISM=SCRAM-SHA-512
                        KAFKA_USERNAME=api-service
                        KAFKA_PASSWORD=kafka-api
                        """.formatted(root.resolve(".dev/tls/api-service.p12")));
        assertThat(Files.getPosixFilePermissions(root.resolve(".dev/services/api-service.env")))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(Files.getPosixFilePermissions(root.resolve(".dev/services")))
                .isEqualTo(PosixFilePermissions.fromString("rwx------"));
    }

    @Test
    void enquiryIngestGetsNoSecretButItsCredentials() {
        LocalStack stack = stack(Map.of("WEBHOOK_ALLOW_PRIVATE_TARGETS", "false"), false, false);

        assertThat(lines(stack, "enquiry-ingest")).isEqualTo("""
                        SPRING_DATASOURCE_URL=jdbc:postgresql://127.0.0.1:15432/owner_integration
                        SPRING_DATASOURCE_USERNAME=enquiry_ingest
                        SPRING_DATASOURCE_PASSWORD=pg-ingest
                        SPRING_KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:19092
                        MANAGEMENT_ENDPOINT_HEALTH_PROBES_ENABLED=true
                        WEBHOOK_ALLOW_PRIVATE_TARGETS=false
                        KAFKA_SECURITY_PROTOCOL=SASL_PLAINTEXT
                        KAFKA_SASL_MECHANISM=SCRAM-SHA-512
                        KAFKA_USERNAME=enquiry-ingest
                        KAFKA_PASSWORD=kafka-ingest
                        """);
    }

    @Test
    void theDispatcherMigratesItsSchemaAsItsOwner() {
        LocalStack stack = stack(Map.of(), false, false);

        assertThat(lines(stack, "webhook-dispatcher")).isEqualTo("""
                        SPRING_DATASOURCE_URL=jdbc:postgresql://127.0.0.1:15432/owner_integration
                        SPRING_DATASOURCE_USERNAME=webhook_dispatcher
                        SPRING_DATASOURCE_PASSWORD=pg-dispatcher
                        SPRING_KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:19092
                        MANAGEMENT_ENDPOINT_HEALTH_PROBES_ENABLED=true
                        WEBHOOK_ALLOW_PRIVATE_TARGETS=true
                        SECRETS_ENCRYPTION_KEYS=local:a2V5
                        KAFKA_SECURITY_PROTOCOL=SASL_PLAINTEXT
                        KAFKA_SASL_MECHANISM=SCRAM-SHA-512
                        KAFKA_USERNAME=webhook-dispatcher
                        KAFKA_PASSWORD=kafka-dispatcher
                        SPRING_FLYWAY_USER=webhook_dispatcher_owner
                        SPRING_FLYWAY_PASSWORD=pg-dispatcher-owner
                        """);
    }

    @Test
    void aDatabaseAndBrokerFromOutsideAreUsedWithTheCredentialsGivenWithThem() {
        LocalStack stack = stack(
                Map.of("KAFKA_SECURITY_PROTOCOL", "SASL_SSL", "KAFKA_USERNAME", "team", "KAFKA_PASSWORD", "secret"),
                true,
                true);

        assertThat(lines(stack, "webhook-dispatcher")).isEqualTo("""
                        SPRING_DATASOURCE_URL=jdbc:postgresql://127.0.0.1:15432/owner_integration
                        SPRING_DATASOURCE_USERNAME=owner_integration
                        SPRING_DATASOURCE_PASSWORD=owner-password
                        SPRING_KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:19092
                        MANAGEMENT_ENDPOINT_HEALTH_PROBES_ENABLED=true
                        WEBHOOK_ALLOW_PRIVATE_TARGETS=true
                        SECRETS_ENCRYPTION_KEYS=local:a2V5
                        KAFKA_SECURITY_PROTOCOL=SASL_SSL
                        KAFKA_USERNAME=team
                        KAFKA_PASSWORD=secret
                        """);
    }

    private static String lines(LocalStack stack, String service) {
        StringBuilder text = new StringBuilder();
        ServiceEnvironmentFile.lines(stack, service)
                .forEach(line -> text.append(line.getKey())
                        .append('=')
                        .append(line.getValue())
                        .append('\n'));
        return text.toString();
    }

    private LocalStack stack(Map<String, String> environment, boolean externalDatabase, boolean externalBroker) {
        LocalStack stack = new LocalStack(new StackLayout(root), new DevEnvironment(environment));
        stack.database(new Database(JDBC_URL, "owner_integration", "owner-password", externalDatabase));
        stack.broker(new Broker("127.0.0.1:19092", externalBroker));
        stack.secrets(new Secrets(
                "admin-key",
                "local:a2V5",
                Map.of(
                        "PG_API_SERVICE_PASSWORD", "pg-api",
                        "PG_ENQUIRY_INGEST_PASSWORD", "pg-ingest",
                        "PG_WEBHOOK_DISPATCHER_PASSWORD", "pg-dispatcher",
                        "PG_WEBHOOK_DISPATCHER_OWNER_PASSWORD", "pg-dispatcher-owner",
                        "KAFKA_API_SERVICE_PASSWORD", "kafka-api",
                        "KAFKA_ENQUIRY_INGEST_PASSWORD", "kafka-ingest",
                        "KAFKA_WEBHOOK_DISPATCHER_PASSWORD", "kafka-dispatcher"),
                root.resolve(".dev/tls/api-service.p12"),
                "store-password",
                root.resolve(".dev/tls/ca.pem")));
        return stack;
    }
}
