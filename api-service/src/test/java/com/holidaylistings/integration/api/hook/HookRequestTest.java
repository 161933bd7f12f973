package com.holidaylistings.integration.api.hook;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.web.input.FieldErrors;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The property filter of a subscription request: only an absent field or null means all properties. */
class HookRequestTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final UUID PROPERTY = UUID.fromString("0b9d8e7f-1a2b-4c3d-8e9f-0a1b2c3d4e5f");

    @Test
    void meansAllPropertiesOnlyWhenAbsentOrNull() {
        for (String body :
                List.of("{\"targetUrl\":\"https://x\"}", "{\"targetUrl\":\"https://x\",\"propertyId\":null}")) {
            FieldErrors errors = new FieldErrors();

            assertThat(read(body).propertyFilter(errors)).as(body).isNull();
            assertThat(errors.isEmpty()).as(body).isTrue();
        }
    }

    @Test
    void readsACanonicalUuidInEitherCase() {
        for (String id : List.of(PROPERTY.toString(), PROPERTY.toString().toUpperCase())) {
            FieldErrors errors = new FieldErrors();

            assertThat(read("{\"propertyId\":\"" + id + "\"}").propertyFilter(errors))
                    .isEqualTo(PROPERTY);
            assertThat(errors.isEmpty()).isTrue();
        }
    }

    @Test
    void refusesEveryOtherValue() {
        List<String> values = List.of(
                "\"\"",
                "\" \"",
                "\"\\u0000\"",
                "\"\\t\"",
                "\"null\"",
                "\"1-1-1-1-1\"",
                "\"" + PROPERTY.toString().replace("-", "") + "\"",
                "\" " + PROPERTY + "\"",
                "\"AAAAAAAAAAAAAAAAAAAAAA==\"",
                "0",
                "5",
                "true",
                "[]",
                "{}",
                "[\"" + PROPERTY + "\"]");
        for (String value : values) {
            FieldErrors errors = new FieldErrors();

            assertThat(read("{\"propertyId\":" + value + "}").propertyFilter(errors))
                    .as(value)
                    .isNull();
            assertThat(errors.asMap()).as(value).isEqualTo(Map.of("propertyId", List.of("must be a UUID")));
        }
    }

    private static HookRequest read(String body) {
        return JSON.readValue(body, HookRequest.class);
    }
}
