package com.holidaylistings.integration.api.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalManagementPort;

/** Health probes live on their own plain-HTTP port, apart from the public API, listening on loopback only by default. */
class ManagementPortIT extends ApiIntegrationTest {

    @LocalManagementPort
    private int managementPort;

    @Test
    void answersReadinessOverPlainHttp() {
        ApiClient.Response response = ApiClient.plainHttp(managementPort).get("/actuator/health/readiness");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("status").asString()).isEqualTo("UP");
    }

    @Test
    void answersLivenessOverPlainHttp() {
        ApiClient.Response response = ApiClient.plainHttp(managementPort).get("/actuator/health/liveness");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("status").asString()).isEqualTo("UP");
    }

    @Test
    void servesPrometheusMetricsIncludingTheRequestsServed() {
        TestWorld.Account account = world.newAccount();
        as(account).get("/integration/v1/auth");

        ApiClient.Response response = ApiClient.plainHttp(managementPort).get("/actuator/prometheus");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).contains("http_server_requests_seconds_count", "hikaricp_connections");
    }

    @Test
    void servesTheServicesSoftwareBillOfMaterials() {
        ApiClient.Response response = ApiClient.plainHttp(managementPort).get("/actuator/sbom/application");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("bomFormat").asString()).isEqualTo("CycloneDX");
        assertThat(response.body())
                .contains("pkg:maven/org.springframework.boot/spring-boot@", "pkg:maven/org.postgresql/postgresql@");
    }

    @Test
    void listensOnLoopbackOnly() throws IOException {
        try (Socket loopback = new Socket()) {
            loopback.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), managementPort), 5000);
            assertThat(loopback.isConnected()).isTrue();
        }
        InetAddress otherInterface = nonLoopbackAddress();
        assumeTrue(otherInterface != null, "this machine has no address besides loopback");
        try (Socket outside = new Socket()) {
            assertThatThrownBy(() -> outside.connect(new InetSocketAddress(otherInterface, managementPort), 5000))
                    .as("connecting from " + otherInterface)
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

    @Test
    void keepsActuatorOffThePublicPort() {
        ApiClient.Response response = http.get("/actuator/health");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.body()).isEqualTo("{\"error\":\"Not found\"}");
    }
}
