package com.holidaylistings.integration.api.web.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.holidaylistings.integration.api.web.WebConfig;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.mock.http.MockHttpInputMessage;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;
import tools.jackson.databind.json.JsonMapper;

/** Field errors for bodies that Jackson, configured as the service configures it, cannot read. */
class JsonBodyErrorsTest {

    private static final JsonMapper JSON = strictMapper();

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Party(Integer groupSize, LocalDate checkIn, String occasion) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Body(UUID propertyId, String status, Party partyDetails, List<String> scopes, Boolean paused) {}

    @Test
    void reportsAMissingBody() {
        HttpMessageNotReadableException missing = new HttpMessageNotReadableException(
                "Required request body is missing", null, new MockHttpInputMessage(new byte[0]));

        assertThat(JsonBodyErrors.of(missing))
                .isEqualTo(Map.of("body", List.of("is required and must be a JSON object")));
    }

    @Test
    void reportsMalformedJsonOnTheBody() {
        for (String json : List.of(
                "{",
                "{\"status\": }",
                "not json",
                "{'status': 'sent'}",
                "{\"status\": \"sent\",}",
                "{\"party_details\": {\"group_size\": 4,}}")) {
            assertThat(errorsFor(json)).as(json).isEqualTo(Map.of("body", List.of("is not valid JSON")));
        }
    }

    @Test
    void reportsABodyThatIsNotAnObject() {
        for (String json : List.of("[]", "[1]", "\"status\"", "42", "true")) {
            assertThat(errorsFor(json)).as(json).isEqualTo(Map.of("body", List.of("must be a JSON object")));
        }
    }

    @Test
    void namesNestedFieldsByTheirJsonPath() {
        assertThat(errorsFor("{\"party_details\": {\"group_size\": \"4\"}}"))
                .isEqualTo(Map.of("party_details.group_size", List.of("must be an integer")));
        assertThat(errorsFor("{\"party_details\": {\"group_size\": 4.5}}"))
                .isEqualTo(Map.of("party_details.group_size", List.of("must be an integer")));
        assertThat(errorsFor("{\"party_details\": {\"check_in\": \"01/08/2027\"}}"))
                .isEqualTo(Map.of("party_details.check_in", List.of("must be a date (YYYY-MM-DD)")));
        assertThat(errorsFor("{\"party_details\": {\"occasion\": 7}}"))
                .isEqualTo(Map.of("party_details.occasion", List.of("must be a string")));
        assertThat(errorsFor("{\"party_details\": 5}"))
                .isEqualTo(Map.of("party_details", List.of("must be an object")));
    }

    @Test
    void refusesEverySilentConversion() {
        assertThat(errorsFor("{\"status\": 5}")).isEqualTo(Map.of("status", List.of("must be a string")));
        assertThat(errorsFor("{\"status\": true}")).isEqualTo(Map.of("status", List.of("must be a string")));
        assertThat(errorsFor("{\"status\": 1.5}")).isEqualTo(Map.of("status", List.of("must be a string")));
        assertThat(errorsFor("{\"paused\": \"true\"}")).isEqualTo(Map.of("paused", List.of("must be true or false")));
        assertThat(errorsFor("{\"paused\": 1}")).isEqualTo(Map.of("paused", List.of("must be true or false")));
        assertThat(errorsFor("{\"party_details\": {\"group_size\": true}}"))
                .isEqualTo(Map.of("party_details.group_size", List.of("must be an integer")));
        assertThat(errorsFor("{\"party_details\": {\"group_size\": \"\"}}"))
                .isEqualTo(Map.of("party_details.group_size", List.of("must be an integer")));
    }

    @Test
    void reportsAnInvalidUuid() {
        assertThat(errorsFor("{\"property_id\": \"not-a-uuid\"}"))
                .isEqualTo(Map.of("property_id", List.of("must be a UUID")));
        assertThat(errorsFor("{\"property_id\": 12}")).containsOnlyKeys("property_id");
    }

    @Test
    void reportsAnIntegerOutOfRange() {
        assertThat(errorsFor("{\"party_details\": {\"group_size\": 99999999999}}"))
                .isEqualTo(Map.of("party_details.group_size", List.of("is out of range")));
    }

    @Test
    void namesArrayElementsByIndex() {
        assertThat(errorsFor("{\"scopes\": [\"enquiries:read\", 2]}"))
                .isEqualTo(Map.of("scopes[1]", List.of("must be a string")));
        assertThat(errorsFor("{\"scopes\": \"enquiries:read\"}"))
                .isEqualTo(Map.of("scopes", List.of("must be an array")));
    }

    @Test
    void readsAValidBody() {
        Body body = JSON.readValue(
                "{\"status\": \"sent\", \"party_details\": {\"group_size\": 4}, \"extra\": 1}", Body.class);

        assertThat(body.status()).isEqualTo("sent");
        assertThat(body.partyDetails().groupSize()).isEqualTo(4);
    }

    private static Map<String, List<String>> errorsFor(String json) {
        JacksonException failure = catchThrowableOfType(JacksonException.class, () -> JSON.readValue(json, Body.class));
        assertThat(failure).as("reading %s should fail", json).isNotNull();
        return JsonBodyErrors.of(new HttpMessageNotReadableException(
                "JSON parse error", failure, new MockHttpInputMessage(json.getBytes())));
    }

    private static JsonMapper strictMapper() {
        JsonMapper.Builder builder = JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        new WebConfig().strictScalars().customize(builder);
        return builder.build();
    }
}
