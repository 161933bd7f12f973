package com.holidaylistings.integration.api.web.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CanonicalUuidTest {

    @Test
    void parsesTheCanonicalForm() {
        UUID id = UUID.randomUUID();

        assertThat(CanonicalUuid.parse(id.toString())).contains(id);
        assertThat(CanonicalUuid.parse(id.toString().toUpperCase())).contains(id);
        assertThat(CanonicalUuid.parse("00000000-0000-0000-0000-000000000000")).contains(new UUID(0, 0));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "1-1-1-1-1",
                "",
                "not-a-uuid",
                "0123456789abcdef0123456789abcdef",
                "{01234567-89ab-cdef-0123-456789abcdef}",
                " 01234567-89ab-cdef-0123-456789abcdef",
                "01234567-89ab-cdef-0123-456789abcdef ",
                "01234567-89ab-cdef-0123-456789abcdeg",
                "01234567-89ab-cdef-0123-456789abcdef0",
                "0123456-789ab-cdef-0123-456789abcdef",
                "01234567_89ab_cdef_0123_456789abcdef",
                "01234567-89ab-cdef-0123-456789abcdef\n",
                "０1234567-89ab-cdef-0123-456789abcdef"
            })
    void refusesEveryOtherForm(String value) {
        assertThat(CanonicalUuid.parse(value)).isEmpty();
    }

    @Test
    void refusesNull() {
        assertThat(CanonicalUuid.parse(null)).isEmpty();
    }
}
