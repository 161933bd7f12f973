package com.holidaylistings.integration.api.hookheaders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.holidaylistings.integration.api.web.error.InvalidRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CustomHeadersTest {

    @Test
    void keepsValidHeadersInTheirOrder() {
        Map<String, String> given = new LinkedHashMap<>();
        given.put("Authorization", "Bearer abc.def");
        given.put("X-Tenant", "north-7");
        given.put("x!#$%&'*+-.^_`|~9", "a \"quoted\" value, with spaces");

        CustomHeaders headers = CustomHeaders.of(Map.of("headers", given));

        assertThat(headers.headers()).containsExactlyEntriesOf(given);
        assertThat(headers.masked())
                .containsExactly(
                        Map.entry("Authorization", "\u2022\u2022\u2022\u2022"),
                        Map.entry("X-Tenant", "\u2022\u2022\u2022\u2022"),
                        Map.entry("x!#$%&'*+-.^_`|~9", "\u2022\u2022\u2022\u2022"));
    }

    @Test
    void anEmptyObjectIsNoHeaders() {
        assertThat(CustomHeaders.of(Map.of("headers", Map.of())).isEmpty()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "webhook-id",
                "Webhook-Signature",
                "webhook-anything",
                "Content-Type",
                "content-length",
                "CONTENT-ENCODING",
                "Host",
                "User-Agent",
                "Accept-Encoding",
                "Expect",
                "Connection",
                "Keep-Alive",
                "Proxy-Authenticate",
                "Proxy-Authorization",
                "Proxy-Connection",
                "TE",
                "Trailer",
                "Transfer-Encoding",
                "Upgrade"
            })
    void refusesANameThatWouldOverrideTheDeliverysOwnHeaders(String name) {
        assertThat(errors(Map.of(name, "x")))
                .containsExactly(Map.entry(
                        "headers." + name, List.of("is set by the delivery itself and cannot be overridden")));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"", "X Tenant", "X-Tenant:", "(x)", "X-Ten\u00e4nt", "X\r\nInjected", "a/b", "\"x\"", "x@y"})
    void refusesANameThatIsNotAnHttpToken(String name) {
        assertThat(errors(Map.of(name, "x")).get("headers." + name))
                .singleElement()
                .asString()
                .startsWith("must be a header name");
    }

    @Test
    void refusesANameLongerThanTheLimit() {
        assertThat(errors(Map.of("x".repeat(101), "v"))).hasSize(1);
        assertThat(CustomHeaders.of(Map.of("headers", Map.of("x".repeat(100), "v")))
                        .headers())
                .hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a\r\nX-Injected: 1",
                "a\nb",
                "a\rb",
                "tab\there",
                "nul\u0000",
                "del\u007f",
                "caf\u00e9",
                " leading",
                "trailing ",
                ""
            })
    void refusesAValueWithControlCharactersLineBreaksOrOuterSpaces(String value) {
        assertThat(errors(Map.of("X-Tenant", value)).get("headers.X-Tenant"))
                .singleElement()
                .asString()
                .startsWith("must have a value");
    }

    @Test
    void refusesAValueLongerThan1024Characters() {
        assertThat(errors(Map.of("X-Long", "v".repeat(1025))).get("headers.X-Long"))
                .containsExactly("must have a value of 1 to 1024 characters");
        assertThat(CustomHeaders.of(Map.of("headers", Map.of("X-Long", "v".repeat(1024))))
                        .headers())
                .hasSize(1);
    }

    @Test
    void refusesMoreThanTenHeaders() {
        Map<String, Object> eleven = new LinkedHashMap<>();
        for (int i = 1; i <= 11; i++) {
            eleven.put("X-Header-" + i, "v");
        }
        assertThat(errors(eleven)).containsExactly(Map.entry("headers", List.of("must hold at most 10 headers")));
        eleven.remove("X-Header-11");
        assertThat(CustomHeaders.of(Map.of("headers", eleven)).headers()).hasSize(10);
    }

    @Test
    void refusesANameGivenTwiceInAnotherCase() {
        Map<String, Object> twice = new LinkedHashMap<>();
        twice.put("X-Tenant", "a");
        twice.put("x-tenant", "b");
        assertThat(errors(twice)).containsOnlyKeys("headers.x-tenant");
    }

    @Test
    void refusesAMissingOrMistypedObjectOrValue() {
        assertThat(catchThrowableOfType(InvalidRequest.class, () -> CustomHeaders.of(Map.of()))
                        .fieldErrors())
                .containsOnlyKeys("headers");
        assertThat(catchThrowableOfType(InvalidRequest.class, () -> CustomHeaders.of(Map.of("headers", List.of())))
                        .fieldErrors())
                .containsOnlyKeys("headers");
        assertThat(errors(Map.of("X-Number", 7)))
                .containsExactly(Map.entry("headers.X-Number", List.of("must have a string value")));
    }

    @Test
    void addingAHeaderInAnotherCaseReplacesItAndRemovingIgnoresCase() {
        CustomHeaders headers = CustomHeaders.of(Map.of("headers", Map.of("X-Tenant", "a")));

        CustomHeaders replaced = headers.with("x-tenant", "b").with("Authorization", "Bearer t");

        assertThat(replaced.headers())
                .containsExactly(Map.entry("x-tenant", "b"), Map.entry("Authorization", "Bearer t"));
        assertThat(replaced.without("AUTHORIZATION").headers()).containsOnlyKeys("x-tenant");
        assertThat(catchThrowableOfType(InvalidRequest.class, () -> headers.with("Host", "evil"))
                        .fieldErrors())
                .containsOnlyKeys("headers.Host");
    }

    private static Map<String, List<String>> errors(Map<String, Object> headers) {
        return catchThrowableOfType(InvalidRequest.class, () -> CustomHeaders.of(Map.of("headers", headers)))
                .fieldErrors();
    }
}
