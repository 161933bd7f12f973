package com.holidaylistings.integration.api.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Assertions on the spec's error bodies (section 7). */
public final class ErrorBodies {

    private ErrorBodies() {}

    /** A 400 whose {@code details.fieldErrors} names exactly {@code fields}, each with at least one message. */
    public static void assertFieldErrors(ApiClient.Response response, String error, String... fields) {
        assertThat(response.status()).as(response.body()).isEqualTo(400);
        JsonNode json = response.json();
        assertThat(json).as(response.body()).isNotNull();
        assertThat(json.propertyNames()).as(response.body()).containsExactlyInAnyOrder("error", "details");
        assertThat(json.get("error").asString()).isEqualTo(error);
        assertThat(json.get("details").propertyNames()).containsExactly("fieldErrors");
        JsonNode fieldErrors = json.get("details").get("fieldErrors");
        assertThat(fieldErrors.propertyNames()).as(response.body()).containsExactlyInAnyOrder(fields);
        for (String field : fields) {
            assertThat(messages(response, field))
                    .as(field)
                    .isNotEmpty()
                    .allSatisfy(m -> assertThat(m).isNotBlank());
        }
    }

    /** The messages of one field of a 400 body. */
    public static List<String> messages(ApiClient.Response response, String field) {
        JsonNode node = response.json().get("details").get("fieldErrors").get(field);
        assertThat(node.isArray()).as(response.body()).isTrue();
        List<String> messages = new ArrayList<>();
        for (JsonNode message : node) {
            assertThat(message.isString()).as(response.body()).isTrue();
            messages.add(message.asString());
        }
        return messages;
    }

    /** An error body that is exactly {@code {"error": error}}. */
    public static void assertError(ApiClient.Response response, int status, String error) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.json()).as(response.body()).isNotNull();
        assertThat(response.json().propertyNames()).as(response.body()).containsExactly("error");
        assertThat(response.json().get("error").asString()).isEqualTo(error);
    }
}
