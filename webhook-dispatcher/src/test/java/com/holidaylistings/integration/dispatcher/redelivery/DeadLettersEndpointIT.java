package com.holidaylistings.integration.dispatcher.redelivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherProcess;
import com.holidaylistings.integration.events.EnquiryEvents;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The dead-letter replay as operators call it: POST /actuator/deadletters on the management port
 * of the packaged dispatcher, run as a process on a broker of its own (see DispatcherKillIT).
 */
class DeadLettersEndpointIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static EmbeddedKafkaKraftBroker kafka;
    private static DispatcherProcess dispatcher;

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
    void replaysOnAPostOfAnEmptyJsonObjectAndAnswersTheCounts() throws Exception {
        HttpResponse<String> response = send(post("/actuator/deadletters", "{}"));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("{\"replayed\":0,\"skipped\":0}"));
    }

    @Test
    void takesTheSubscriptionFromTheBodyOrTheQuery() throws Exception {
        UUID subscription = UUID.randomUUID();
        HttpResponse<String> inBody = send(post("/actuator/deadletters", "{\"subscription\":\"" + subscription + "\"}"));
        HttpResponse<String> inQuery = send(post("/actuator/deadletters?subscription=" + subscription, "{}"));

        for (HttpResponse<String> response : List.of(inBody, inQuery)) {
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("{\"replayed\":0,\"skipped\":0}"));
        }
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
