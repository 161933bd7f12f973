package com.holidaylistings.integration.api.web.error;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Unknown paths, wrong methods and odd Accept headers all get the API's JSON error bodies. */
class ErrorResponsesIT extends ApiIntegrationTest {

    @Test
    void answersNotFoundForAnUnknownPathWithAValidToken() {
        TestWorld.Account account = world.newAccount();

        for (String path : List.of(
                "/integration/v1/no-such-path",
                "/integration/v1/",
                "/integration/v1/enquiries/a/b",
                "/integration/v1/properties/" + account.propertyId(),
                "/integration/v1/hooks",
                "/integration/v1/auth/x")) {
            ApiClient.Response response = as(account).get(path);

            assertThat(response.status()).as(path).isEqualTo(404);
            assertThat(response.body()).as(path).isEqualTo("{\"error\":\"Not found\"}");
            assertThat(response.header("Content-Type")).startsWith("application/json");
        }
    }

    @Test
    void answersUnauthorizedForAnUnknownPathWithoutAToken() {
        for (String path :
                List.of("/integration/v1/no-such-path", "/integration/v1/", "/integration/v1/enquiries/a/b")) {
            ApiClient.Response response = http.get(path);

            assertThat(response.status()).as(path).isEqualTo(401);
            assertThat(response.body()).isEqualTo("{\"error\":\"Unauthorized\"}");
        }
    }

    @Test
    void answersNotFoundOutsideTheApis() {
        ApiClient.Response response = http.get("/no-such-path");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.body()).isEqualTo("{\"error\":\"Not found\"}");
    }

    @Test
    void answersNotFoundForTheErrorPageItself() {
        for (String method : List.of("GET", "POST", "DELETE")) {
            ApiClient.Response response = http.send(method, "/error", null);

            assertThat(response.status()).as(method).isEqualTo(404);
            assertThat(response.body()).isEqualTo("{\"error\":\"Not found\"}");
        }
    }

    @Test
    void answersMethodNotAllowedWithTheAllowedMethods() {
        TestWorld.Account account = world.newAccount();

        ApiClient.Response put = as(account).send("PUT", "/integration/v1/enquiries", "{}");
        ApiClient.Response deleteAuth = as(account).send("DELETE", "/integration/v1/auth", null);
        ApiClient.Response postProperties = as(account).post("/integration/v1/properties", "{}");

        for (ApiClient.Response response : List.of(put, deleteAuth, postProperties)) {
            assertThat(response.status()).as(response.body()).isEqualTo(405);
            assertThat(response.body()).isEqualTo("{\"error\":\"Method not allowed\"}");
            assertThat(response.header("Content-Type")).startsWith("application/json");
        }
        assertThat(put.header("Allow")).contains("GET");
        assertThat(deleteAuth.header("Allow")).contains("GET");
    }

    @Test
    void authenticatesBeforeTellingTheMethodIsWrong() {
        ApiClient.Response response = http.send("PUT", "/integration/v1/enquiries", "{}");

        assertThat(response.status()).isEqualTo(401);
    }

    @Test
    void answersJsonWhateverTheAcceptHeaderAsksFor() {
        TestWorld.Account account = world.newAccount();

        for (String accept : List.of("text/html", "application/xml", "text/plain", "image/png", "*/*")) {
            ApiClient.Response ok = as(account).with("Accept", accept).get("/integration/v1/auth");
            ApiClient.Response notFound = as(account).with("Accept", accept).get("/integration/v1/no-such-path");
            ApiClient.Response unauthorized = http.with("Accept", accept).get("/integration/v1/auth");
            ApiClient.Response outside = http.with("Accept", accept).get("/no-such-path");

            assertThat(ok.status()).as(accept).isEqualTo(200);
            assertThat(ok.header("Content-Type")).startsWith("application/json");
            assertThat(ok.json().get("id").asString())
                    .isEqualTo(account.ownerId().toString());
            assertThat(notFound.status()).isEqualTo(404);
            assertThat(notFound.body()).isEqualTo("{\"error\":\"Not found\"}");
            assertThat(unauthorized.body()).isEqualTo("{\"error\":\"Unauthorized\"}");
            assertThat(outside.status()).isEqualTo(404);
            assertThat(outside.header("Content-Type")).as(accept).startsWith("application/json");
            assertThat(outside.body()).isEqualTo("{\"error\":\"Not found\"}");
        }
    }

    @Test
    void answersNotFoundForANonUuidPathId() {
        TestWorld.Account account = world.newAccount();

        for (String id : List.of("not-a-uuid", "1-1-1-1-1", "00000000000000000000000000000000")) {
            ApiClient.Response response = as(account).get("/integration/v1/enquiries/" + id);

            assertThat(response.status()).as(id).isEqualTo(404);
            assertThat(response.body()).isEqualTo("{\"error\":\"Enquiry not found\"}");
        }
    }

    @Test
    void answersAMalformedUriWithJson() {
        TestWorld.Account account = world.newAccount();

        for (String path :
                List.of("/integration/v1/enquiries/%00", "/integration/v1/enquiries/..%2F..%2Fauth", "/%00")) {
            ApiClient.Response response = as(account).get(path);

            assertThat(response.status()).as(path).isEqualTo(400);
            assertThat(response.header("Content-Type")).as(path).startsWith("application/json");
            assertThat(response.body()).as(path).isEqualTo("{\"error\":\"Invalid request\"}");
            assertThat(response.header("X-Request-Id")).as(path).isNotBlank();
        }
    }
}
