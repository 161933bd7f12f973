package com.holidaylistings.integration.api.web.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.api.web.error.InvalidRequest;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FieldErrorsTest {

    @Test
    void requiredTextRefusesNullAndBlank() {
        FieldErrors errors = new FieldErrors();

        assertThat(errors.requiredText("missing", null, 10)).isFalse();
        assertThat(errors.requiredText("empty", "", 10)).isFalse();
        assertThat(errors.requiredText("blank", " \t\n", 10)).isFalse();

        assertThat(errors.asMap())
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "missing", List.of("is required"),
                        "empty", List.of("must not be blank"),
                        "blank", List.of("must not be blank")));
    }

    @Test
    void textMayBeExactlyAsLongAsTheLimit() {
        FieldErrors errors = new FieldErrors();

        assertThat(errors.requiredText("name", "x".repeat(100), 100)).isTrue();
        assertThat(errors.optionalText("occasion", "x".repeat(100), 100)).isTrue();
        assertThat(errors.isEmpty()).isTrue();
    }

    @Test
    void refusesTextLongerThanTheLimit() {
        FieldErrors errors = new FieldErrors();

        assertThat(errors.requiredText("name", "x".repeat(101), 100)).isFalse();
        assertThat(errors.optionalText("occasion", "y".repeat(101), 100)).isFalse();

        assertThat(errors.asMap())
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "name", List.of("must be at most 100 characters"),
                        "occasion", List.of("must be at most 100 characters")));
    }

    @Test
    void countsCharactersNotUtf16Units() {
        // 100 emoji are 100 characters to the guest typing them, though 200 UTF-16 units to Java.
        FieldErrors errors = new FieldErrors();

        assertThat(errors.optionalText("occasion", "🎉".repeat(100), 100)).isTrue();
        assertThat(errors.optionalText("subject", "é".repeat(100), 100)).isTrue();
        assertThat(errors.optionalText("message", "🎉".repeat(101), 100)).isFalse();
        assertThat(errors.asMap()).containsOnlyKeys("message");
    }

    @Test
    void optionalTextAcceptsNull() {
        FieldErrors errors = new FieldErrors();

        assertThat(errors.optionalText("occasion", null, 10)).isTrue();
        assertThat(errors.isEmpty()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"nul\u0000", "bell\u0007", "del\u007F", "c1\u0085", "lone \uD83D surrogate", "lone \uDE00 low"})
    void refusesUncleanText(String value) {
        FieldErrors errors = new FieldErrors();

        assertThat(errors.requiredText("message", value, 1_000)).isFalse();
        assertThat(errors.optionalText("occasion", value, 1_000)).isFalse();

        assertThat(errors.asMap())
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "message", List.of("must not contain control characters or invalid Unicode"),
                        "occasion", List.of("must not contain control characters or invalid Unicode")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Dear owner,\n\n\tIs it free?\r\nThanks", "Zoë 😀 café 日本", "👨‍👩‍👧"})
    void acceptsTabsNewlinesEmojiAndAccents(String value) {
        FieldErrors errors = new FieldErrors();

        assertThat(errors.requiredText("message", value, 1_000)).isTrue();
        assertThat(errors.isEmpty()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"ada@example.org", "a.b+tag@sub.example.co.uk", "o'brien@example.ie", "zoë@exämple.de", "x@y.z"})
    void acceptsEmailAddresses(String email) {
        FieldErrors errors = new FieldErrors();

        assertThat(errors.requiredEmail("user_email", email)).isTrue();
        assertThat(errors.isEmpty()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "plain",
                "@example.org",
                "ada@",
                "ada@example",
                "ada@@example.org",
                "a@b@example.org",
                "ada lovelace@example.org",
                "ada@exa mple.org",
                "ada@example.org\n",
                "ada@.",
                "ada@example."
            })
    void refusesWhatIsNotAnEmailAddress(String email) {
        FieldErrors errors = new FieldErrors();

        assertThat(errors.requiredEmail("user_email", email)).isFalse();
        assertThat(errors.asMap()).containsOnlyKeys("user_email");
    }

    @Test
    void emailMustBePresentAndAtMost254Characters() {
        FieldErrors errors = new FieldErrors();
        String longest = "a".repeat(242) + "@example.org";

        assertThat(longest).hasSize(254);
        assertThat(errors.requiredEmail("ok", longest)).isTrue();
        assertThat(errors.requiredEmail("too_long", "a" + longest)).isFalse();
        assertThat(errors.requiredEmail("missing", null)).isFalse();

        assertThat(errors.asMap())
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "too_long", List.of("must be at most 254 characters"),
                        "missing", List.of("is required")));
    }

    @Test
    void oneOfNamesTheAllowedValues() {
        FieldErrors errors = new FieldErrors();

        assertThat(errors.oneOf("status", "sent", List.of("sent", "responded", "archived")))
                .isTrue();
        assertThat(errors.oneOf("status", null, List.of("sent"))).isTrue();
        assertThat(errors.oneOf("status", "SENT", List.of("sent", "responded", "archived")))
                .isFalse();

        assertThat(errors.asMap())
                .containsExactly(Map.entry("status", List.of("must be one of sent, responded, archived")));
    }

    @Test
    void betweenIncludesItsBounds() {
        FieldErrors errors = new FieldErrors();

        assertThat(errors.between("limit", 1, 1, 100)).isTrue();
        assertThat(errors.between("limit", 100, 1, 100)).isTrue();
        assertThat(errors.between("limit", null, 1, 100)).isTrue();
        assertThat(errors.between("low", 0, 1, 100)).isFalse();
        assertThat(errors.between("high", 101, 1, 100)).isFalse();

        assertThat(errors.asMap()).containsOnlyKeys("low", "high");
        assertThat(errors.asMap().get("low")).containsExactly("must be an integer between 1 and 100");
    }

    @Test
    void afterIsStrict() {
        FieldErrors errors = new FieldErrors();
        LocalDate checkIn = LocalDate.of(2027, 8, 1);

        assertThat(errors.after("check_out", checkIn.plusDays(1), "check_in", checkIn))
                .isTrue();
        assertThat(errors.after("check_out", null, "check_in", checkIn)).isTrue();
        assertThat(errors.after("same_day", checkIn, "check_in", checkIn)).isFalse();
        assertThat(errors.after("before", checkIn.minusDays(1), "check_in", checkIn))
                .isFalse();

        assertThat(errors.asMap()).containsOnlyKeys("same_day", "before");
        assertThat(errors.asMap().get("before")).containsExactly("must be after check_in");
    }

    @Test
    void collectsEveryMessageOfAFieldAndThrowsThemAllAtOnce() {
        FieldErrors errors = new FieldErrors();
        errors.add("scopes", "first").add("scopes", "second").add("name", "third");

        assertThatThrownBy(errors::throwIfAny)
                .isInstanceOf(InvalidRequest.class)
                .extracting(e -> ((InvalidRequest) e).fieldErrors())
                .isEqualTo(Map.of("scopes", List.of("first", "second"), "name", List.of("third")));
    }

    @Test
    void throwsNothingWhenAllPassed() {
        FieldErrors errors = new FieldErrors();
        errors.requiredText("name", "ok", 10);

        errors.throwIfAny();

        assertThat(errors.isEmpty()).isTrue();
    }
}
