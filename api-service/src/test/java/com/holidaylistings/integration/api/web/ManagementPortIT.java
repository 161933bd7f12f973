package com.holidaylistings.integration.api.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalManagementPort;

/** Health probes live on their own plain-HTTP port, apart from the public API. */
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
    void keepsActuatorOffThePublicPort() {
        ApiClient.Response response = http.get("/actuator/health");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.body()).isEqualTo("{\"error\":\"Not found\"}");
    }
}
