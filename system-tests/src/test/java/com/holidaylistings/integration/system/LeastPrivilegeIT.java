package com.holidaylistings.integration.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.stack.Stack;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * The running stack as someone on its network finds it: Kafka takes no client without credentials
 * and each principal only what its ACLs allow; every service is connected to PostgreSQL as its own
 * role, none of them superuser.
 */
class LeastPrivilegeIT {

    private static final String EVENTS = "enquiry.created";
    private static final String COMMANDS = "delivery.commands";

    @Test
    void aClientWithoutCredentialsCanNeitherReadNorWrite() {
        Map<String, Object> anonymous = quick(Map.of("bootstrap.servers", Stack.setting("KAFKA_BOOTSTRAP_SERVERS")));
        try (Admin admin = Admin.create(anonymous)) {
            assertThatThrownBy(() -> admin.listTopics().names().get())
                    .as("listing the topics without credentials")
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(TimeoutException.class);
        }
        assertThatThrownBy(() -> send(anonymous, EVENTS))
                .as("publishing without credentials")
                .hasRootCauseInstanceOf(TimeoutException.class);
    }

    @Test
    void aWrongPasswordIsRefused() {
        Map<String, Object> wrong = quick(Stack.kafkaClient("downstream", "not-the-password"));
        try (Admin admin = Admin.create(wrong)) {
            assertThatThrownBy(() -> admin.listTopics().names().get())
                    .hasCauseInstanceOf(SaslAuthenticationException.class);
        }
    }

    @Test
    void theDownstreamPrincipalReadsTheEventsButWritesNothingAndUsesOnlyItsOwnGroups() throws Exception {
        Map<String, Object> downstream = quick(Stack.kafkaClient("downstream"));
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(downstream, new StringDeserializer(), new StringDeserializer())) {
            assertThat(consumer.partitionsFor(EVENTS)).isNotEmpty();
            assertThat(consumer.partitionsFor("webhook.operational")).isNotEmpty();
            assertThat(consumer.partitionsFor("enquiry.erased"))
                    .as("the erasures downstream teams must apply")
                    .isNotEmpty();
        }
        assertThatThrownBy(() -> send(downstream, EVENTS)).hasRootCauseInstanceOf(TopicAuthorizationException.class);
        assertThatThrownBy(() -> send(downstream, "enquiry.erased"))
                .hasRootCauseInstanceOf(TopicAuthorizationException.class);
        assertThatThrownBy(() -> send(downstream, "webhook.deliveries"))
                .hasRootCauseInstanceOf(TopicAuthorizationException.class);
        assertThatThrownBy(() -> send(downstream, COMMANDS)).hasRootCauseInstanceOf(TopicAuthorizationException.class);
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(downstream, new StringDeserializer(), new StringDeserializer())) {
            assertThatThrownBy(() -> consumer.partitionsFor(COMMANDS))
                    .as("the owners' requests to the dispatcher are not downstream's to read")
                    .isInstanceOf(TopicAuthorizationException.class);
        }

        Map<String, Object> foreignGroup = new HashMap<>(downstream);
        foreignGroup.put(ConsumerConfig.GROUP_ID_CONFIG, "webhook-dispatcher");
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(foreignGroup, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(EVENTS));
            assertThatThrownBy(() -> consumer.poll(Duration.ofSeconds(10)))
                    .isInstanceOf(GroupAuthorizationException.class);
        }
    }

    @Test
    void eachDownstreamTeamUsesOnlyItsOwnGroupsAndTheSharedPrincipalNoneOfTheirs() {
        Stack.up(Map.of("DEV_DOWNSTREAM_TEAMS", "leastprivilegea,leastprivilegeb")); // adds them to the running broker
        Map<String, Object> teamA = quick(Stack.downstreamTeamClient("leastprivilegea"));
        String groupOfB = "downstream-leastprivilegeb-orders";

        pollWithGroup(teamA, "downstream-leastprivilegea-orders"); // its own group: no refusal
        assertThatThrownBy(() -> pollWithGroup(teamA, groupOfB))
                .as("joining another team's group")
                .isInstanceOf(GroupAuthorizationException.class);
        try (Admin admin = Admin.create(teamA)) {
            assertThatThrownBy(() -> admin.alterConsumerGroupOffsets(
                                    groupOfB, Map.of(new TopicPartition(EVENTS, 0), new OffsetAndMetadata(0)))
                            .all()
                            .get())
                    .as("resetting another team's offsets")
                    .hasCauseInstanceOf(GroupAuthorizationException.class);
        }
        assertThatThrownBy(() -> pollWithGroup(teamA, "downstream-console"))
                .as("a group of the shared principal")
                .isInstanceOf(GroupAuthorizationException.class);
        assertThatThrownBy(() -> pollWithGroup(quick(Stack.kafkaClient("downstream")), groupOfB))
                .as("the shared principal in a team's group")
                .isInstanceOf(GroupAuthorizationException.class);
        assertThatThrownBy(() -> send(teamA, EVENTS)).hasRootCauseInstanceOf(TopicAuthorizationException.class);
    }

    private static void pollWithGroup(Map<String, Object> client, String group) {
        Map<String, Object> config = new HashMap<>(client);
        config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(EVENTS));
            consumer.poll(Duration.ofSeconds(10));
        }
    }

    @Test
    void onlyEnquiryIngestWritesTheEventsAndOnlyTheDispatcherItsOwnTopics() {
        Map<String, Object> dispatcher = quick(principalOf("webhook-dispatcher"));
        assertThatThrownBy(() -> send(dispatcher, EVENTS))
                .as("the dispatcher publishing an enquiry event")
                .hasRootCauseInstanceOf(TopicAuthorizationException.class);
        assertThatThrownBy(() -> send(dispatcher, COMMANDS))
                .as("the dispatcher writing a command, which only api-service's outbox may ask for")
                .hasRootCauseInstanceOf(TopicAuthorizationException.class);
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(dispatcher, new StringDeserializer(), new StringDeserializer())) {
            assertThat(consumer.partitionsFor(COMMANDS))
                    .as("the dispatcher reads the commands")
                    .isNotEmpty();
        }
        Map<String, Object> ingest = quick(principalOf("enquiry-ingest"));
        assertThatThrownBy(() -> send(ingest, "webhook.deliveries"))
                .as("ingest writing a delivery record, which the dispatcher would sign")
                .hasRootCauseInstanceOf(TopicAuthorizationException.class);
    }

    @Test
    void apiServiceReadsOnlyTheOperationalEventsWithItsOwnGroups() {
        Map<String, Object> api = quick(principalOf("api-service"));
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(api, new StringDeserializer(), new StringDeserializer())) {
            assertThat(consumer.partitionsFor("webhook.operational")).isNotEmpty();
        }
        assertThatThrownBy(() -> send(api, "webhook.operational"))
                .as("api-service publishing a finding about a hook, which it would apply itself")
                .hasRootCauseInstanceOf(TopicAuthorizationException.class);
        assertThatThrownBy(() -> send(api, EVENTS)).hasRootCauseInstanceOf(TopicAuthorizationException.class);

        Map<String, Object> ownGroup = new HashMap<>(api);
        ownGroup.put(ConsumerConfig.GROUP_ID_CONFIG, "api-service-least-privilege");
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(ownGroup, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(EVENTS));
            assertThatThrownBy(() -> consumer.poll(Duration.ofSeconds(10)))
                    .as("reading the enquiries")
                    .isInstanceOf(TopicAuthorizationException.class);
        }
        Map<String, Object> foreignGroup = new HashMap<>(api);
        foreignGroup.put(ConsumerConfig.GROUP_ID_CONFIG, "webhook-dispatcher");
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(foreignGroup, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of("webhook.operational"));
            assertThatThrownBy(() -> consumer.poll(Duration.ofSeconds(10)))
                    .isInstanceOf(GroupAuthorizationException.class);
        }
    }

    @Test
    void everyServiceIsConnectedAsItsOwnRoleAndNoneIsSuperuser() throws Exception {
        try (Connection db = DriverManager.getConnection(
                        Stack.setting("JDBC_URL"), Stack.setting("JDBC_USERNAME"), Stack.setting("JDBC_PASSWORD"));
                Statement sql = db.createStatement();
                ResultSet rs = sql.executeQuery("""
                        select a.usename, r.rolsuper from pg_stat_activity a
                          join pg_roles r on r.rolname = a.usename
                         where a.usename in ('api_service', 'enquiry_ingest', 'webhook_dispatcher')
                            or r.rolsuper and a.backend_type = 'client backend' and a.pid <> pg_backend_pid()
                        """)) {
            Map<String, Boolean> superuserByRole = new HashMap<>();
            while (rs.next()) {
                superuserByRole.merge(rs.getString("usename"), rs.getBoolean("rolsuper"), Boolean::logicalOr);
            }
            assertThat(superuserByRole)
                    .containsOnlyKeys("api_service", "enquiry_ingest", "webhook_dispatcher")
                    .doesNotContainValue(true);
        }
        try (Connection db = DriverManager.getConnection(
                        Stack.setting("JDBC_URL"), Stack.setting("JDBC_USERNAME"), Stack.setting("JDBC_PASSWORD"));
                Statement sql = db.createStatement();
                ResultSet rs = sql.executeQuery("select rolsuper from pg_roles where rolname = current_user")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getBoolean(1))
                    .as("the schema owner of the stack, which the tests use")
                    .isFalse();
        }
    }

    /** A service's own Kafka principal, as dev/up.sh starts it. */
    private static Map<String, Object> principalOf(String module) {
        Map<String, String> env = Stack.serviceEnvironment(module);
        return Stack.kafkaClient(env.get("KAFKA_USERNAME"), env.get("KAFKA_PASSWORD"));
    }

    /** Short timeouts: a refused client gives up in seconds, not the default minute. */
    private static Map<String, Object> quick(Map<String, Object> config) {
        Map<String, Object> quick = new HashMap<>(config);
        quick.put("default.api.timeout.ms", 5_000);
        quick.put("request.timeout.ms", 4_000);
        quick.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000);
        quick.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 5_000);
        quick.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        return quick;
    }

    private static void send(Map<String, Object> config, String topic) throws Exception {
        Map<String, Object> plain = new HashMap<>(config);
        plain.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false); // the topic's ACL decides, not the cluster's
        plain.put(ProducerConfig.ACKS_CONFIG, "1");
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(plain, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(topic, "forged", "{}")).get();
        }
    }
}
