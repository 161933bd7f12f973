package com.holidaylistings.integration.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The API reference is served as committed, and says what the service really does. */
class OpenApiIT extends ApiIntegrationTest {

    private static final String PREFIX = "/integration/v1";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    private RequestMappingHandlerMapping mappings;

    @Test
    void servesTheCommittedDocumentWithoutAuthentication() throws IOException {
        ApiClient.Response response = http.get(PREFIX + "/openapi.json");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.body()).isEqualTo(Files.readString(committed()));
        assertThat(response.json().get("openapi").asString()).startsWith("3.1");
    }

    @Test
    void documentsExactlyTheEndpointsTheServiceServes() throws IOException {
        Set<String> served = new TreeSet<>();
        mappings.getHandlerMethods()
                .keySet()
                .forEach(info -> info.getPatternValues().stream()
                        .filter(pattern -> pattern.startsWith(PREFIX + "/"))
                        .forEach(pattern -> info.getMethodsCondition()
                                .getMethods()
                                .forEach(method ->
                                        served.add(method.name() + " " + pattern.substring(PREFIX.length())))));
        served.add("GET /openapi.json");

        Set<String> documented = new TreeSet<>();
        JsonNode paths = document().get("paths");
        paths.propertyNames()
                .forEach(path -> paths.get(path).propertyNames().stream()
                        .filter(key ->
                                Set.of("get", "post", "put", "patch", "delete").contains(key))
                        .forEach(method -> documented.add(method.toUpperCase(Locale.ROOT) + " " + path)));

        assertThat(documented).isEqualTo(served);
    }

    @Test
    void documentsTheOutageAnswerWhereverTheDatabaseIsRead() throws IOException {
        JsonNode document = document();
        JsonNode paths = document.get("paths");
        Set<String> without503 = new TreeSet<>();
        paths.propertyNames().stream()
                .filter(path -> !path.equals("/openapi.json"))
                .forEach(path -> paths.get(path).properties().stream()
                        .filter(operation -> operation.getValue().has("responses"))
                        .filter(operation ->
                                !operation.getValue().get("responses").has("503"))
                        .forEach(operation -> without503.add(operation.getKey() + " " + path)));
        assertThat(without503).as("operations without a documented 503").isEmpty();

        JsonNode unavailable = document.get("components").get("responses").get("ServiceUnavailable");
        assertThat(unavailable.get("headers").has("Retry-After")).isTrue();
        // OutageIT asserts that this is what the service answers while PostgreSQL is down.
        assertThat(unavailable
                        .at("/content/application~1json/examples/serviceUnavailable/value")
                        .toString())
                .isEqualTo("{\"error\":\"Service unavailable\"}");
    }

    @Test
    void documentsTheFieldsThatResponsesCarry() throws IOException {
        TestWorld.Account account = world.newAccount();
        ApiClient client = as(account);
        JsonNode enquiry = world.submitEnquiry(account.propertyId());
        String id = enquiry.get("id").asString();
        JsonNode schemas = document().get("components").get("schemas");

        assertFieldsMatch(schemas.get("Owner"), client.get(PREFIX + "/auth").json());
        assertFieldsMatch(
                schemas.get("Property"),
                client.get(PREFIX + "/properties").json().get("properties").get(0));
        assertFieldsMatch(
                schemas.get("Enquiry"),
                client.get(PREFIX + "/enquiries/" + id).json().get("enquiry"));
        assertFieldsMatch(schemas.get("PartyDetails"), enquiry.get("party_details"));
        assertFieldsMatch(
                schemas.get("EnquirySummary"),
                client.patch(PREFIX + "/enquiries/" + id, Map.of("status", "responded"))
                        .json()
                        .get("enquiry"));
        assertFieldsMatch(
                schemas.get("Subscription"),
                client.post(PREFIX + "/hooks/enquiries", Map.of("targetUrl", "https://93.184.215.14/hook"))
                        .json());
        JsonNode hooks = client.get(PREFIX + "/hooks/enquiries").json();
        assertFieldsMatch(schemas.get("SubscriptionList"), hooks);
        assertFieldsMatch(schemas.get("Subscription"), hooks.get("hooks").get(0));
        assertFieldsMatch(
                schemas.get("ValidationError"),
                client.get(PREFIX + "/enquiries?limit=0").json());
        assertFieldsMatch(schemas.get("EnquiryCreatedEvent"), outboxPayload(id));
    }

    private JsonNode outboxPayload(String enquiryId) {
        String payload = jdbc.sql("select payload::text from outbox where aggregate_id = cast(:id as uuid)")
                .param("id", enquiryId)
                .query(String.class)
                .single();
        return JSON.readTree(payload);
    }

    private static void assertFieldsMatch(JsonNode schema, JsonNode actual) {
        Set<String> documented = new HashSet<>(schema.get("properties").propertyNames());
        assertThat(new TreeSet<>(actual.propertyNames()))
                .as("fields of %s", schema.get("title"))
                .isEqualTo(new TreeSet<>(documented));
    }

    private static JsonNode document() throws IOException {
        return JSON.readTree(Files.readString(committed()));
    }

    private static Path committed() {
        return Path.of("..", "docs", "openapi.json");
    }
}
