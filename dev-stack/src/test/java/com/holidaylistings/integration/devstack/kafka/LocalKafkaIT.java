package com.holidaylistings.integration.devstack.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.devstack.Broker;
import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.Secrets;
import com.holidaylistings.integration.devstack.StackLayout;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real broker, in a temporary layout on free ports: started with its principals and ACLs, reached by
 * the shared downstream principal (and not with a wrong password), given a downstream team while it runs,
 * then stopped.
 */
class LocalKafkaIT {

    private static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();
    private static final List<String> SHARED_FILES = List.of(
            "dev/lib/kafka-acls.sh",
            "dev/lib/kafka-config.sh",
            "dev/kafka/broker.properties",
            "dev/kafka/admin.properties");

    @TempDir
    Path root;

    @Test
    void startsTheBrokerWithItsPrincipalsAndAclsAddsATeamAndStopsIt() throws Exception {
        for (String file : SHARED_FILES) {
            Files.createDirectories(root.resolve(file).getParent());
            Files.copy(CHECKOUT.resolve(file), root.resolve(file));
        }
        int port = freePort();
        Map<String, String> environment = new HashMap<>(Map.of(
                "DEV_KAFKA_PORT", Integer.toString(port),
                "DEV_KAFKA_CONTROLLER_PORT", Integer.toString(freePort()),
                "DEV_READY_TIMEOUT", "60"));
        Secrets secrets = secrets();
        LocalStack stack = stack(environment, secrets);
        try {
            LocalKafka.start(stack);

            assertThat(stack.started()).containsExactly("kafka");
            assertThat(stack.broker()).isEqualTo(new Broker("127.0.0.1:" + port, false));
            Path kafka = stack.layout().kafka();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(kafka.resolve("admin.properties"))))
                    .isEqualTo("rw-------");
            assertThat(kafka.resolve("sasl.v1")).exists();
            assertThat(kafka.resolve("acls.v5")).exists();
            // the broker logs through Log4j 2, and SLF4J finds that one binding
            assertThat(Files.readString(stack.layout().log("kafka")))
                    .contains("Kafka Server started")
                    .doesNotContain("SLF4J");
            String bootstrap = stack.broker().bootstrapServers();
            try (Admin admin = client(bootstrap, "admin", secrets.password("KAFKA_ADMIN_PASSWORD"))) {
                Collection<AclBinding> acls =
                        admin.describeAcls(AclBindingFilter.ANY).values().get(30, TimeUnit.SECONDS);
                assertThat(acls)
                        .contains(new AclBinding(
                                new ResourcePattern(ResourceType.TOPIC, "enquiry.created", PatternType.LITERAL),
                                new AccessControlEntry(
                                        "User:enquiry-ingest", "*", AclOperation.WRITE, AclPermissionType.ALLOW)));
            }
            try (Admin downstream = client(bootstrap, "downstream", secrets.password("KAFKA_DOWNSTREAM_PASSWORD"))) {
                assertThat(downstream.listTopics().names().get(30, TimeUnit.SECONDS))
                        .isEmpty();
            }
            try (Admin wrong = client(bootstrap, "downstream", "not-the-password")) {
                assertThatThrownBy(() -> wrong.listTopics().names().get(30, TimeUnit.SECONDS))
                        .isInstanceOf(ExecutionException.class)
                        .hasCauseInstanceOf(SaslAuthenticationException.class);
            }

            environment.put("DEV_DOWNSTREAM_TEAMS", "analytics");
            LocalStack again = stack(environment, secrets);
            LocalKafka.start(again);

            assertThat(again.started()).isEmpty();
            assertThat(again.broker()).isEqualTo(stack.broker());
            Map<String, String> settings = LocalKafka.stackSettings(again);
            assertThat(settings.keySet())
                    .containsExactly(
                            "KAFKA_SECURITY_PROTOCOL",
                            "KAFKA_SASL_MECHANISM",
                            "KAFKA_DOWNSTREAM_USERNAME",
                            "KAFKA_DOWNSTREAM_PASSWORD",
                            "KAFKA_ADMIN_USERNAME",
                            "KAFKA_ADMIN_PASSWORD",
                            "KAFKA_DOWNSTREAM_ANALYTICS_USERNAME",
                            "KAFKA_DOWNSTREAM_ANALYTICS_PASSWORD");
            assertThat(kafka.resolve("downstream-team-analytics.added")).exists();
            try (Admin team = client(
                    bootstrap,
                    settings.get("KAFKA_DOWNSTREAM_ANALYTICS_USERNAME"),
                    settings.get("KAFKA_DOWNSTREAM_ANALYTICS_PASSWORD"))) {
                assertThat(team.listTopics().names().get(30, TimeUnit.SECONDS)).isEqualTo(Set.of());
            }
        } finally {
            LocalKafka.stop(stack);
        }
        assertThat(stack.processes().runningPid("kafka")).isEmpty();
        assertThat(stack.layout().pidFile("kafka")).doesNotExist();
    }

    private LocalStack stack(Map<String, String> environment, Secrets secrets) throws IOException {
        StackLayout layout = new StackLayout(root);
        Files.createDirectories(layout.pids());
        Files.createDirectories(layout.logs());
        Files.createDirectories(layout.kafka());
        LocalStack stack = new LocalStack(layout, new DevEnvironment(environment));
        stack.secrets(secrets);
        return stack;
    }

    private Secrets secrets() {
        Map<String, String> passwords = new HashMap<>();
        for (String name : List.of(
                "KAFKA_ADMIN_PASSWORD",
                "KAFKA_API_SERVICE_PASSWORD",
                "KAFKA_ENQUIRY_INGEST_PASSWORD",
                "KAFKA_WEBHOOK_DISPATCHER_PASSWORD",
                "KAFKA_DOWNSTREAM_PASSWORD")) {
            passwords.put(name, randomHex());
        }
        return new Secrets(
                randomHex(), randomHex(), passwords, root.resolve("keystore.p12"), randomHex(), root.resolve("ca.pem"));
    }

    private static Admin client(String bootstrap, String user, String password) {
        Properties settings = new Properties();
        settings.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        settings.put("security.protocol", "SASL_PLAINTEXT");
        settings.put("sasl.mechanism", "SCRAM-SHA-512");
        settings.put(
                "sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + user + "\" password=\""
                        + password + "\";");
        return Admin.create(settings);
    }

    private static String randomHex() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
