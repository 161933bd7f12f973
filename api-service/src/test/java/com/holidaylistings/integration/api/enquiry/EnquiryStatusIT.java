package com.holidaylistings.integration.api.enquiry;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static com.holidaylistings.integration.api.support.ErrorBodies.messages;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** PATCH /enquiries/{id}: every transition, the reduced answer, and refusals that change nothing. */
class EnquiryStatusIT extends ApiIntegrationTest {

    private static final String ENQUIRIES = "/integration/v1/enquiries/";
    private static final String INVALID_UPDATE = "Invalid enquiry update";

    @Test
    void allowsEveryTransitionAmongTheThreeStatuses() {
        TestWorld.Account account = world.newAccount();
        String id = world.submitEnquiry(account.propertyId()).get("id").asString();
        // Visits all six ordered pairs of distinct statuses, then keeps one status as it is.
        List<String> walk = List.of("responded", "archived", "sent", "archived", "responded", "sent", "sent");

        String previous = "sent";
        for (String status : walk) {
            ApiClient.Response response = as(account).patch(ENQUIRIES + id, Map.of("status", status));

            assertThat(response.status())
                    .as(previous + " -> " + status + ": " + response.body())
                    .isEqualTo(200);
            assertThat(response.json().get("enquiry").get("status").asString()).isEqualTo(status);
            assertThat(as(account)
                            .get(ENQUIRIES + id)
                            .json()
                            .get("enquiry")
                            .get("status")
                            .asString())
                    .isEqualTo(status);
            assertThat(storedStatus(id)).isEqualTo(status);
            previous = status;
        }
    }

    @Test
    void answersTheReducedEnquiry() {
        TestWorld.Account account = world.newAccount();
        JsonNode created = world.submitEnquiry(account.propertyId());
        String id = created.get("id").asString();

        ApiClient.Response response = as(account).patch(ENQUIRIES + id, Map.of("status", "responded"));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().propertyNames()).containsExactly("enquiry");
        JsonNode reduced = response.json().get("enquiry");
        assertThat(reduced.propertyNames())
                .containsExactlyInAnyOrder(
                        "id", "property_id", "property_title", "status", "user_name", "user_email", "sent_at");
        for (String field : List.of("id", "property_id", "property_title", "user_name", "user_email", "sent_at")) {
            assertThat(reduced.get(field).asString())
                    .as(field)
                    .isEqualTo(created.get(field).asString());
        }
        assertThat(reduced.get("status").asString()).isEqualTo("responded");
    }

    @Test
    void rejectsAnInvalidStatusWithoutChangingAnything() {
        TestWorld.Account account = world.newAccount();
        String id = world.submitEnquiry(account.propertyId()).get("id").asString();
        patchOk(account, id, "responded");
        Map<String, Object> before = stored(id);

        for (String body : List.of(
                "{\"status\":\"closed\"}",
                "{\"status\":\"SENT\"}",
                "{\"status\":\"\"}",
                "{\"status\":\" sent\"}",
                "{}",
                "{\"status\":null}",
                "{\"state\":\"archived\"}")) {
            ApiClient.Response response = as(account).patch(ENQUIRIES + id, body);

            assertFieldErrors(response, INVALID_UPDATE, "status");
            assertThat(stored(id)).as(body).isEqualTo(before);
        }
    }

    @Test
    void namesTheAllowedValuesOrTheMissingStatus() {
        TestWorld.Account account = world.newAccount();
        String id = world.submitEnquiry(account.propertyId()).get("id").asString();

        assertThat(messages(as(account).patch(ENQUIRIES + id, "{\"status\":\"closed\"}"), "status"))
                .containsExactly("must be one of sent, responded, archived");
        assertThat(messages(as(account).patch(ENQUIRIES + id, "{}"), "status")).containsExactly("is required");
        assertThat(messages(as(account).patch(ENQUIRIES + id, "{\"status\":5}"), "status"))
                .containsExactly("must be a string");
    }

    @Test
    void rejectsAStatusOfTheWrongJsonTypeWithoutChangingAnything() {
        TestWorld.Account account = world.newAccount();
        String id = world.submitEnquiry(account.propertyId()).get("id").asString();
        Map<String, Object> before = stored(id);

        for (String body : List.of(
                "{\"status\":5}",
                "{\"status\":true}",
                "{\"status\":[\"sent\"]}",
                "{\"status\":{\"value\":\"archived\"}}",
                "{\"status\":1.5}")) {
            ApiClient.Response response = as(account).patch(ENQUIRIES + id, body);

            assertFieldErrors(response, INVALID_UPDATE, "status");
            assertThat(stored(id)).as(body).isEqualTo(before);
        }
    }

    @Test
    void rejectsMalformedJsonAsTheBodyWithoutChangingAnything() {
        TestWorld.Account account = world.newAccount();
        String id = world.submitEnquiry(account.propertyId()).get("id").asString();
        Map<String, Object> before = stored(id);

        for (String body : List.of(
                "{\"status\":", "status=archived", "{\"status\":\"archived\"", "\"archived\"", "[\"archived\"]", "")) {
            ApiClient.Response response = as(account).patch(ENQUIRIES + id, body);

            assertFieldErrors(response, INVALID_UPDATE, "body");
            assertThat(stored(id)).as(body).isEqualTo(before);
        }
    }

    @Test
    void answersEnquiryNotFoundForAnotherOwnersEnquiryAndChangesNothing() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        String theirs = world.submitEnquiry(other.propertyId()).get("id").asString();
        Map<String, Object> before = stored(theirs);

        assertError(as(owner).patch(ENQUIRIES + theirs, Map.of("status", "archived")), 404, "Enquiry not found");

        assertThat(stored(theirs)).isEqualTo(before);
        assertThat(as(other)
                        .get(ENQUIRIES + theirs)
                        .json()
                        .get("enquiry")
                        .get("status")
                        .asString())
                .isEqualTo("sent");
    }

    @Test
    void answersEnquiryNotFoundForUnknownAndMalformedIds() {
        TestWorld.Account account = world.newAccount();

        for (String id : List.of(UUID.randomUUID().toString(), "abc", "1-1-1-1-1")) {
            assertError(as(account).patch(ENQUIRIES + id, Map.of("status", "archived")), 404, "Enquiry not found");
        }
    }

    private void patchOk(TestWorld.Account account, String id, String status) {
        ApiClient.Response response = as(account).patch(ENQUIRIES + id, Map.of("status", status));
        assertThat(response.status()).as(response.body()).isEqualTo(200);
    }

    private String storedStatus(String id) {
        return (String) stored(id).get("status");
    }

    private Map<String, Object> stored(String id) {
        return jdbc.sql("select status, updated_at from enquiries where id = :id")
                .param("id", UUID.fromString(id))
                .query()
                .singleRow();
    }
}
