package com.holidaylistings.integration.dispatcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collections;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import tools.jackson.databind.json.JsonMapper;

/**
 * The packaged dispatcher's only HTTP, its management port: on loopback unless
 * MANAGEMENT_SERVER_ADDRESS says otherwise, and nothing on it changes anything (dead letters are
 * replayed through api-service's internal API). Runs on a broker of its own, as DispatcherKillIT.
 */
class ManagementPortIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static EmbeddedKafkaKraftBroker kafka;
    private static DispatcherProcess dispatcher;

    @BeforeAll
    static void start() {
        kafka = OwnBroker.start();
        dispatcher = DispatcherProcess.start("management-port", kafka.getBrokersAsString());
        await().atMost(Duration.ofSeconds(90)).until(dispatcher::isReady);
    }

    @AfterAll
    static void stop() {
        if (dispatcher != null) {
            dispatcher.close();
        }
        if (kafka != null) {
            kafka.destroy();
        }
    }

    @Test
    void exposesOnlyEndpointsThatReadNothingThatWrites() throws Exception {
        HttpResponse<String> listed = send(HttpRequest.newBuilder(URI.create(dispatcher.managementUrl("/actuator")))
                .GET());
        HttpResponse<String> replay =
                send(HttpRequest.newBuilder(URI.create(dispatcher.managementUrl("/actuator/deadletters")))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{}")));

        assertThat(listed.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(listed.body()).get("_links").propertyNames())
                .allSatisfy(link -> assertThat(link).matches("self|health.*|info|metrics.*|prometheus|sbom.*"));
        assertThat(replay.statusCode()).isEqualTo(404);
    }

    @Test
    void servesTheSoftwareBillOfMaterialsInItsJar() throws Exception {
        HttpResponse<String> sbom =
                send(HttpRequest.newBuilder(URI.create(dispatcher.managementUrl("/actuator/sbom/application")))
                        .GET());

        assertThat(sbom.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(sbom.body()).get("bomFormat").asString()).isEqualTo("CycloneDX");
        assertThat(sbom.body()).contains("pkg:maven/org.apache.kafka/kafka-clients@");
    }

    @Test
    void listensOnLoopbackOnly() throws IOException {
        int port = URI.create(dispatcher.managementUrl("/")).getPort();
        InetAddress otherInterface = nonLoopbackAddress();
        assumeTrue(otherInterface != null, "this machine has no address besides loopback");

        try (Socket outside = new Socket()) {
            assertThatThrownBy(() -> outside.connect(new InetSocketAddress(otherInterface, port), 5000))
                    .as("connecting to " + otherInterface)
                    .isInstanceOf(ConnectException.class);
        }
    }

    private static InetAddress nonLoopbackAddress() throws IOException {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (nic.isUp() && !nic.isLoopback()) {
                for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                    if (address instanceof Inet4Address) {
                        return address;
                    }
                }
            }
        }
        return null;
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
