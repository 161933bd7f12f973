package com.holidaylistings.integration.api.web.filter;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.Fixtures;
import com.holidaylistings.integration.api.support.TestTls;
import com.holidaylistings.integration.api.support.TestWorld;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** What the HTTP edge does with request bodies: size, media type, syntax and types. */
class RequestBodyIT extends ApiIntegrationTest {

    private static final int LIMIT = 64 * 1024;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void acceptsABodyOfExactlyTheLimit() {
        TestWorld.Account account = world.newAccount();

        ApiClient.Response response = admin().post("/internal/v1/enquiries", padded(account.propertyId(), LIMIT));

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        assertThat(enquiries(account.propertyId())).isEqualTo(1);
    }

    @Test
    void refusesABodyOverTheLimitAndWritesNothing() {
        TestWorld.Account account = world.newAccount();

        for (int size : List.of(LIMIT + 1, 70 * 1024, 1024 * 1024)) {
            ApiClient.Response response = admin().post("/internal/v1/enquiries", padded(account.propertyId(), size));

            assertPayloadTooLarge(response);
        }
        assertThat(enquiries(account.propertyId())).isZero();
    }

    @Test
    void refusesAnOversizedPublicRequestAndChangesNothing() {
        TestWorld.Account account = world.newAccount();
        String enquiryId = world.submitEnquiry(account.propertyId()).get("id").asString();
        String body = "{\"status\": \"archived\"" + " ".repeat(70 * 1024) + "}";

        assertPayloadTooLarge(as(account).patch("/integration/v1/enquiries/" + enquiryId, body));
        assertPayloadTooLarge(as(account)
                .post(
                        "/integration/v1/hooks/enquiries",
                        "{\"targetUrl\": \"https://93.184.215.14/hooks/big\"" + " ".repeat(70 * 1024) + "}"));

        assertThat(statusOf(enquiryId)).isEqualTo("sent");
        assertThat(subscriptions(account.ownerId())).isZero();
    }

    @Test
    void acceptsAChunkedBodyUnderTheLimit() throws Exception {
        TestWorld.Account account = world.newAccount();

        HttpResponse<String> response = sendChunked("/internal/v1/enquiries", padded(account.propertyId(), 60 * 1024));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        assertThat(enquiries(account.propertyId())).isEqualTo(1);
    }

    @Test
    void refusesAChunkedBodyOverTheLimitAndWritesNothing() throws Exception {
        TestWorld.Account account = world.newAccount();

        HttpResponse<String> response = sendChunked("/internal/v1/enquiries", padded(account.propertyId(), 70 * 1024));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(413);
        assertThat(response.body()).isEqualTo("{\"error\":\"Payload too large\"}");
        assertThat(enquiries(account.propertyId())).isZero();
    }

    @Test
    void refusesBodiesThatAreNotJson() {
        TestWorld.Account account = world.newAccount();
        String enquiryId = world.submitEnquiry(account.propertyId()).get("id").asString();
        String hook = "{\"targetUrl\": \"https://93.184.215.14/hooks/media\"}";

        assertUnsupportedMediaType(as(account).send("POST", "/integration/v1/hooks/enquiries", hook, "text/plain"));
        assertUnsupportedMediaType(as(account)
                .send(
                        "POST",
                        "/integration/v1/hooks/enquiries",
                        "targetUrl=https%3A%2F%2F93.184.215.14%2Fhooks%2Fmedia",
                        "application/x-www-form-urlencoded"));
        assertUnsupportedMediaType(as(account).send("DELETE", "/integration/v1/hooks/enquiries", hook, "text/plain"));
        assertUnsupportedMediaType(as(account)
                .send("PATCH", "/integration/v1/enquiries/" + enquiryId, "{\"status\": \"archived\"}", "text/plain"));
        assertUnsupportedMediaType(as(account)
                .send(
                        "PATCH",
                        "/integration/v1/enquiries/" + enquiryId,
                        "status=archived",
                        "application/x-www-form-urlencoded"));
        assertUnsupportedMediaType(admin().send(
                        "POST",
                        "/internal/v1/enquiries",
                        JSON.writeValueAsString(Fixtures.anEnquiry(account.propertyId())),
                        "text/plain"));
        assertUnsupportedMediaType(admin().send(
                        "POST",
                        "/internal/v1/enquiries",
                        JSON.writeValueAsString(Fixtures.anEnquiry(account.propertyId())),
                        "application/xml"));

        assertThat(statusOf(enquiryId)).isEqualTo("sent");
        assertThat(subscriptions(account.ownerId())).isZero();
        assertThat(enquiries(account.propertyId())).isEqualTo(1);
    }

    @Test
    void acceptsJsonWithACharset() {
        TestWorld.Account account = world.newAccount();
        String enquiryId = world.submitEnquiry(account.propertyId()).get("id").asString();

        ApiClient.Response response = as(account)
                .send(
                        "PATCH",
                        "/integration/v1/enquiries/" + enquiryId,
                        "{\"status\": \"archived\"}",
                        "application/json; charset=utf-8");

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(statusOf(enquiryId)).isEqualTo("archived");
    }

    @Test
    void reportsMalformedJsonOnTheBody() {
        TestWorld.Account account = world.newAccount();
        String enquiryId = world.submitEnquiry(account.propertyId()).get("id").asString();

        for (String malformed : List.of("{", "{\"targetUrl\": }", "not json", "{'targetUrl': 'x'}")) {
            ApiClient.Response response = as(account).post("/integration/v1/hooks/enquiries", malformed);
            assertThat(response.status()).as(malformed).isEqualTo(400);
            assertThat(response.body())
                    .isEqualTo(
                            "{\"error\":\"Invalid request\",\"details\":{\"fieldErrors\":{\"body\":[\"is not valid JSON\"]}}}");
        }
        ApiClient.Response patch =
                as(account).patch("/integration/v1/enquiries/" + enquiryId, "{\"status\": \"archived\"");
        assertThat(patch.status()).isEqualTo(400);
        assertThat(patch.body())
                .isEqualTo(
                        "{\"error\":\"Invalid enquiry update\",\"details\":{\"fieldErrors\":{\"body\":[\"is not valid JSON\"]}}}");
        ApiClient.Response intake = admin().post("/internal/v1/enquiries", "{\"property_id\": ");
        assertThat(intake.status()).isEqualTo(400);
        assertThat(intake.json().get("details").get("fieldErrors").propertyNames())
                .containsExactly("body");

        assertThat(statusOf(enquiryId)).isEqualTo("sent");
        assertThat(subscriptions(account.ownerId())).isZero();
    }

    @Test
    void reportsAMissingOrNonObjectBody() {
        TestWorld.Account account = world.newAccount();
        String enquiryId = world.submitEnquiry(account.propertyId()).get("id").asString();

        ApiClient.Response empty = as(account).post("/integration/v1/hooks/enquiries", "");
        ApiClient.Response array = as(account).patch("/integration/v1/enquiries/" + enquiryId, "[\"archived\"]");
        ApiClient.Response string = as(account).patch("/integration/v1/enquiries/" + enquiryId, "\"archived\"");

        assertThat(empty.status()).isEqualTo(400);
        assertThat(empty.json().get("error").asString()).isEqualTo("Invalid request");
        assertThat(empty.json().get("details").get("fieldErrors").propertyNames())
                .containsExactly("body");
        for (ApiClient.Response response : List.of(array, string)) {
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.body())
                    .isEqualTo(
                            "{\"error\":\"Invalid enquiry update\",\"details\":{\"fieldErrors\":{\"body\":[\"must be a JSON object\"]}}}");
        }
        assertThat(statusOf(enquiryId)).isEqualTo("sent");
    }

    @Test
    @SuppressWarnings("unchecked")
    void namesTheNestedFieldOfAWrongType() {
        TestWorld.Account account = world.newAccount();
        Map<String, Object> enquiry = Fixtures.anEnquiry(account.propertyId());
        ((Map<String, Object>) enquiry.get("party_details")).put("group_size", "4");

        ApiClient.Response response = admin().post("/internal/v1/enquiries", enquiry);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body())
                .isEqualTo(
                        "{\"error\":\"Invalid request\",\"details\":{\"fieldErrors\":{\"party_details.group_size\":[\"must be an integer\"]}}}");
        assertThat(enquiries(account.propertyId())).isZero();
    }

    @Test
    void refusesANumberForAStatus() {
        TestWorld.Account account = world.newAccount();
        String enquiryId = world.submitEnquiry(account.propertyId()).get("id").asString();

        ApiClient.Response response = as(account).patch("/integration/v1/enquiries/" + enquiryId, "{\"status\": 5}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body())
                .isEqualTo(
                        "{\"error\":\"Invalid enquiry update\",\"details\":{\"fieldErrors\":{\"status\":[\"must be a string\"]}}}");
        assertThat(statusOf(enquiryId)).isEqualTo("sent");
    }

    @Test
    void refusesAnIdThatIsNotAUuid() {
        TestWorld.Account account = world.newAccount();
        Map<String, Object> enquiry = Fixtures.anEnquiry(account.propertyId());
        enquiry.put("property_id", "not-a-uuid");

        ApiClient.Response intake = admin().post("/internal/v1/enquiries", enquiry);
        ApiClient.Response hook = as(account)
                .post(
                        "/integration/v1/hooks/enquiries",
                        Map.of("targetUrl", "https://93.184.215.14/hooks/uuid", "propertyId", "not-a-uuid"));

        assertThat(intake.status()).isEqualTo(400);
        assertThat(intake.body())
                .isEqualTo(
                        "{\"error\":\"Invalid request\",\"details\":{\"fieldErrors\":{\"property_id\":[\"must be a UUID\"]}}}");
        assertThat(hook.status()).isEqualTo(400);
        assertThat(hook.body())
                .isEqualTo(
                        "{\"error\":\"Invalid request\",\"details\":{\"fieldErrors\":{\"propertyId\":[\"must be a UUID\"]}}}");
        assertThat(subscriptions(account.ownerId())).isZero();
    }

    @Test
    @SuppressWarnings("unchecked")
    void refusesOtherSilentConversions() {
        TestWorld.Account account = world.newAccount();
        Map<String, Object> decimal = Fixtures.anEnquiry(account.propertyId());
        ((Map<String, Object>) decimal.get("party_details")).put("group_size", 4.5);
        Map<String, Object> numericSubject = Fixtures.anEnquiry(account.propertyId());
        numericSubject.put("subject", 12);
        Map<String, Object> badDate = Fixtures.anEnquiry(account.propertyId());
        ((Map<String, Object>) badDate.get("party_details")).put("check_in", "01/08/2027");

        assertThat(admin().post("/internal/v1/enquiries", decimal)
                        .json()
                        .get("details")
                        .get("fieldErrors")
                        .propertyNames())
                .containsExactly("party_details.group_size");
        assertThat(admin().post("/internal/v1/enquiries", numericSubject)
                        .json()
                        .get("details")
                        .get("fieldErrors")
                        .propertyNames())
                .containsExactly("subject");
        assertThat(admin().post("/internal/v1/enquiries", badDate)
                        .json()
                        .get("details")
                        .get("fieldErrors")
                        .propertyNames())
                .containsExactly("party_details.check_in");
        assertThat(enquiries(account.propertyId())).isZero();
    }

    /** A valid enquiry whose JSON is padded with whitespace to exactly {@code size} bytes. */
    private static String padded(UUID propertyId, int size) {
        String json = JSON.writeValueAsString(Fixtures.anEnquiry(propertyId));
        int padding = size - json.getBytes(StandardCharsets.UTF_8).length;
        String body = "{" + " ".repeat(padding) + json.substring(1);
        assertThat(body.getBytes(StandardCharsets.UTF_8)).hasSize(size);
        return body;
    }

    /** Sends the body with chunked transfer encoding (no Content-Length), as a streaming client does. */
    private HttpResponse<String> sendChunked(String path, String body) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder()
                .sslContext(TestTls.trustingContext())
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        HttpRequest request = HttpRequest.newBuilder(URI.create("https://localhost:" + port + path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("X-Admin-Key", TestWorld.ADMIN_KEY)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes)))
                .build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private ApiClient admin() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private int enquiries(UUID propertyId) {
        return jdbc.sql("select count(*) from enquiries where property_id = :p")
                .param("p", propertyId)
                .query(Integer.class)
                .single();
    }

    private int subscriptions(UUID ownerId) {
        return jdbc.sql("select count(*) from webhook_subscriptions where owner_id = :o")
                .param("o", ownerId)
                .query(Integer.class)
                .single();
    }

    private String statusOf(String enquiryId) {
        return jdbc.sql("select status from enquiries where id = :id")
                .param("id", UUID.fromString(enquiryId))
                .query(String.class)
                .single();
    }

    private static void assertPayloadTooLarge(ApiClient.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(413);
        assertThat(response.body()).isEqualTo("{\"error\":\"Payload too large\"}");
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.header("X-Request-Id")).isNotBlank();
    }

    private static void assertUnsupportedMediaType(ApiClient.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(415);
        assertThat(response.body()).isEqualTo("{\"error\":\"Unsupported media type\"}");
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.header("X-Request-Id")).isNotBlank();
    }
}
