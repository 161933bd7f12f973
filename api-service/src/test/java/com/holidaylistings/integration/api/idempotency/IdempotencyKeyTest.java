package com.holidaylistings.integration.api.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.api.web.error.InvalidRequest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdempotencyKeyTest {

    @ParameterizedTest
    @ValueSource(strings = {"a", "8e03978e-40d5-43e8-bc93-6894a57f9324", "\"quoted\"", "!~{}[]:;,./<>?"})
    void acceptsOneTo255VisibleAsciiCharacters(String value) {
        assertThat(IdempotencyKey.fromHeader(List.of(value))).contains(new IdempotencyKey(value));
    }

    @Test
    void accepts255CharactersButNot256() {
        assertThat(IdempotencyKey.fromHeader(List.of("k".repeat(255)))).isPresent();
        assertThatThrownBy(() -> IdempotencyKey.fromHeader(List.of("k".repeat(256))))
                .isInstanceOf(InvalidRequest.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "two words", "tab\there", "caf\u00e9", "line\nbreak", "\u007f"})
    void refusesEmptyKeysAndAnythingButVisibleAscii(String value) {
        assertThatThrownBy(() -> IdempotencyKey.fromHeader(List.of(value)))
                .isInstanceOfSatisfying(
                        InvalidRequest.class, e -> assertThat(e.fieldErrors()).containsOnlyKeys("Idempotency-Key"));
    }

    @Test
    void isOptionalButMayNotBeSentTwice() {
        assertThat(IdempotencyKey.fromHeader(List.of())).isEmpty();
        assertThatThrownBy(() -> IdempotencyKey.fromHeader(List.of("a", "b"))).isInstanceOf(InvalidRequest.class);
    }
}
