package com.holidaylistings.integration.dispatcher.redelivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherProcess;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.events.EnquiryEvents;
import com.holidaylistings.integration.testsupport.TestSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The dead-letter replay as operators call it: POST /actuator/deadletters on the management port
 * of the packaged dispatcher, run as a process on a broker of its own (see DispatcherKillIT) and the
 * shared test database, whose abandoned deliveries' rows it replays. Answers {"replayed": n}.
 */
class DeadLettersEndpointIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static EmbeddedKafkaKraftBroker kafka;
    private static DispatcherProcess dispatcher;

    private final TestData data = new TestData(JdbcClient.create(new DriverManagerDataSource(
            TestSchema.database().jdbcUrl(), TestSchema.database().username(), TestSchema.database().password())));

    @BeforeAll
    static void start() {
        kafka = new EmbeddedKafkaKraftBroker(1, 3, EnquiryEvents.TOPIC);
        kafka.brokerProperties(Map.of(
                "auto.create.topics.enable", "false",
                "offsets.topic.replication.factor", "1",
                "transaction.state.log.replication.factor", "1",
                "transaction.state.log.min.isr", "1"));
        kafka.afterPropertiesSet();
        dispatcher = DispatcherProcess.start("dead-letters-endpoint", kafka.getBrokersAsString());
        await().atMost(Duration.ofSeconds(90)).until(dispatcher::isReady);
    }

    @AfterAll
    static void stop() {
        if (dispatcher != null) {
            dispatcher.close();
        }
        kafka.destroy();
    }

    @Test
    void isListedAmongTheActuatorEndpoints() throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(dispatcher.managementUrl("/actuator"))).GET());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(response.body()).get("_links").has("deadletters")).as(response.body()).isTrue();
    }

    @Test
    void replaysOnAPostOfAnEmptyJsonObjectAndAnswersTheCount() throws Exception {
        HttpResponse<String> response = send(post("/actuator/deadletters", "{}"));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.propertyNames()).containsExactly("replayed");
        assertThat(body.get("replayed").isInt()).isTrue();
        assertThat(body.get("replayed").asInt()).isNotNegative();
    }

    @Test
    void takesTheSubscriptionFromTheBodyOrTheQuery() throws Exception {
        TestData.Owner owner = data.owner();
        UUID inBody = data.subscribe(owner, "http://127.0.0.1:9/in-body", null);
        UUID inQuery = data.subscribe(owner, "http://127.0.0.1:9/in-query", null);
        UUID bodysEnquiry = abandoned(owner, inBody);
        UUID querysEnquiry = abandoned(owner, inQuery);
        // Paused since: the replayed deliveries are skipped when due instead of failing all over again.
        data.setPaused(inBody, true);
        data.setPaused(inQuery, true);

        HttpResponse<String> byBody = send(post("/actuator/deadletters", "{\"subscription\":\"" + inBody + "\"}"));
        HttpResponse<String> byQuery = send(post("/actuator/deadletters?subscription=" + inQuery, "{}"));
        HttpResponse<String> again = send(post("/actuator/deadletters", "{\"subscription\":\"" + inBody + "\"}"));

        for (HttpResponse<String> response : List.of(byBody, byQuery)) {
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("{\"replayed\":1}"));
        }
        assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
        assertThat(JSON.readTree(again.body())).as("replayed already").isEqualTo(JSON.readTree("{\"replayed\":0}"));
        for (UUID[] replayed : List.of(new UUID[] {inBody, bodysEnquiry}, new UUID[] {inQuery, querysEnquiry})) {
            TestData.Delivery delivery = data.delivery(replayed[0], replayed[1]).orElseThrow();
            assertThat(delivery.requestedAt()).isNotNull();
            assertThat(delivery.stage()).isOne();
            // The row poller put it back on webhook.deliveries; its attempt found the subscription paused.
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> "skipped".equals(data.deliveryStatus(replayed[0], replayed[1])));
            assertThat(data.delivery(replayed[0], replayed[1]).orElseThrow().attempts()).as("no attempt made").isOne();
        }
    }

    @Test
    void replaysNothingForASubscriptionWithoutAbandonedDeliveries() throws Exception {
        HttpResponse<String> response = send(post("/actuator/deadletters?subscription=" + UUID.randomUUID(), "{}"));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("{\"replayed\":0}"));
    }

    /** A delivery to the subscription abandoned after one attempt, as the dispatcher leaves it; its enquiry. */
    private UUID abandoned(TestData.Owner owner, UUID subscription) {
        UUID enquiry = UUID.randomUUID();
        data.insertDelivery(owner, subscription, UUID.randomUUID(), enquiry, Instant.now().truncatedTo(ChronoUnit.MICROS),
                "{\"enquiry_id\":\"" + enquiry + "\"}", "abandoned", 1, 2, null, "intake-request");
        return enquiry;
    }

    @Test
    void refusesASubscriptionThatIsNotAUuid() throws Exception {
        HttpResponse<String> response = send(post("/actuator/deadletters", "{\"subscription\":\"abc\"}"));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.get("error").asString()).contains("UUID");
    }

    /** As the runbook's curl examples send it: a write operation of the actuator takes JSON. */
    private static HttpRequest.Builder post(String path, String json) {
        return HttpRequest.newBuilder(URI.create(dispatcher.managementUrl(path)))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
