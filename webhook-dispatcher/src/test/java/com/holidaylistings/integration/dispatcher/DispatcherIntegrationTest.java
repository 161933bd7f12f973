package com.holidaylistings.integration.dispatcher;

import com.holidaylistings.integration.events.EnquiryErased;
import com.holidaylistings.integration.events.EnquiryEvents;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.testsupport.TestKafka;
import com.holidaylistings.integration.testsupport.TestPostgres;
import com.holidaylistings.integration.testsupport.TestSchema;
import com.holidaylistings.integration.testsupport.TestSecrets;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The dispatcher in the test JVM on the shared real PostgreSQL and Kafka, with a retry schedule of
 * seconds, delivering to real HTTP receivers. Test classes share one application context; each
 * test makes its own owners and subscriptions. The spans of the traces a test watches are kept
 * ({@link SpanCapture}).
 */
@Import(SpanCapture.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {
            "webhook.retry-delays=1s,2s,3s",
            "webhook.timeout=1s",
            "webhook.allow-private-targets=true",
            "webhook.topic-partitions=3",
            "webhook.open-circuit-for=3s",
            "webhook.failures-to-open-circuit=5",
            "dispatcher.instance-id=dispatcher-in-test-jvm",
            "dispatcher.warm-up.deliveries=0"
        })
public abstract class DispatcherIntegrationTest {

    /**
     * The test's own view of the database, as the schema's owner: the dispatcher itself runs as its
     * role {@code webhook_dispatcher} (V15), which cannot write the owners and hooks a test prepares.
     */
    protected final JdbcClient jdbc = ownerJdbc();

    protected TestData data;
    protected WebhookReceiver receiver;
    protected Events events;

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        TestPostgres.Connection db = TestSchema.database();
        registry.add("spring.datasource.url", db::jdbcUrl);
        registry.add(
                "spring.datasource.username", () -> db.as("webhook_dispatcher").username());
        registry.add(
                "spring.datasource.password", () -> db.as("webhook_dispatcher").password());
        registry.add(
                "spring.flyway.user", () -> db.as(TestPostgres.DISPATCHER_OWNER).username());
        registry.add(
                "spring.flyway.password",
                () -> db.as(TestPostgres.DISPATCHER_OWNER).password());
        registry.add("spring.kafka.bootstrap-servers", TestKafka::bootstrapServers);
        registry.add("spring.kafka.security.protocol", () -> "PLAINTEXT"); // the tests' broker authenticates nobody
        registry.add("secrets.encryption-keys", () -> TestSecrets.ENCRYPTION_KEYS);
        createEventTopic();
    }

    @BeforeEach
    void setUpDeliveries() {
        data = new TestData(jdbc);
        receiver = WebhookReceiver.start();
        events = new Events();
    }

    @AfterEach
    void tearDownDeliveries() {
        receiver.close();
        events.close();
    }

    /** The shared database as its owner. */
    public static JdbcClient ownerJdbc() {
        return JdbcClient.create(ownerDataSource());
    }

    /** Connections to the shared database as its owner. */
    public static javax.sql.DataSource ownerDataSource() {
        TestPostgres.Connection db = TestSchema.database();
        return db.pooled();
    }

    /** enquiry-ingest creates the topics it writes in production; here the test does. */
    private static void createEventTopic() {
        createTopic(EnquiryEvents.TOPIC);
        createTopic(DeliveryCommand.TOPIC);
        createTopic(EnquiryErased.TOPIC);
    }

    private static void createTopic(String topic) {
        try (AdminClient admin =
                AdminClient.create(java.util.Map.of("bootstrap.servers", TestKafka.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 3, (short) 1))).all().get();
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException(e);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
