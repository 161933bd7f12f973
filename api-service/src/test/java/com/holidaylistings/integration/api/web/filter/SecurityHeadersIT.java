package com.holidaylistings.integration.api.web.filter;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** HSTS on every HTTPS answer, nosniff everywhere, nothing of the APIs' answers kept in a cache. */
class SecurityHeadersIT extends ApiIntegrationTest {

    @Test
    void sendsHstsNoStoreAndNosniffOnThePublicApisAnswersErrorsIncluded() {
        TestWorld.Account account = world.newAccount();

        for (ApiClient.Response response : List.of(
                as(account).get("/integration/v1/enquiries"),
                as(account).get("/integration/v1/auth"),
                http.get("/integration/v1/auth"),
                as(account).get("/integration/v1/enquiries/not-a-uuid"),
                as(account).get("/integration/v1/no-such-path"),
                as(account).post("/integration/v1/hooks/enquiries", "{"))) {
            assertApiHeaders(response);
        }
    }

    @Test
    void sendsHstsNoStoreAndNosniffOnTheInternalApisAnswers() {
        TestWorld.Owner owner = world.newOwner();
        ApiClient admin = http.with("X-Admin-Key", TestWorld.ADMIN_KEY);

        for (ApiClient.Response response : List.of(
                admin.post("/internal/v1/owners/" + owner.id() + "/tokens", Map.of("name", "cached?")),
                admin.get("/internal/v1/owners/" + owner.id() + "/webhook-secret"),
                http.get("/internal/v1/owners/" + owner.id() + "/tokens"))) {
            assertApiHeaders(response);
        }
    }

    @Test
    void sendsHstsAndNosniffOutsideTheApisToo() {
        ApiClient.Response openApi = http.get("/integration/v1/openapi.json");
        ApiClient.Response portal = http.get("/portal/signed-out");
        ApiClient.Response elsewhere = http.get("/no-such-path");

        for (ApiClient.Response response : List.of(openApi, portal, elsewhere)) {
            assertThat(response.header("Strict-Transport-Security")).isEqualTo("max-age=31536000; includeSubDomains");
            assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
        }
        assertThat(elsewhere.header("Cache-Control")).isNull();
    }

    private static void assertApiHeaders(ApiClient.Response response) {
        assertThat(response.header("Strict-Transport-Security"))
                .as(response.body())
                .isEqualTo("max-age=31536000; includeSubDomains");
        assertThat(response.headers().allValues("Cache-Control"))
                .as(response.body())
                .containsExactly("no-store");
        assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
    }
}
