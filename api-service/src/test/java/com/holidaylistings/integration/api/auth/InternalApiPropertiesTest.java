package com.holidaylistings.integration.api.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class InternalApiPropertiesTest {

    private static final String KEY = "k".repeat(32);
    private static final String NEXT = "n".repeat(40);

    @Test
    void isOffWithoutAKey() {
        assertThat(new InternalApiProperties(null).enabled()).isFalse();
        assertThat(new InternalApiProperties("").enabled()).isFalse();
        assertThat(new InternalApiProperties(" , ").keys()).isEmpty();
    }

    @Test
    void acceptsSeveralKeysSeparatedByCommasForARotation() {
        InternalApiProperties properties = new InternalApiProperties(KEY + " , " + NEXT + ",");

        assertThat(properties.enabled()).isTrue();
        assertThat(properties.keys()).containsExactly(KEY, NEXT);
    }

    @Test
    void refusesAKeyShorterThan32CharactersWithoutShowingIt() {
        String shortKey = "s".repeat(31);

        assertThatThrownBy(() -> new InternalApiProperties(KEY + "," + shortKey))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ADMIN_API_KEY")
                .hasMessageContaining("at least 32 characters")
                .hasMessageContaining("key 2 of 2 has 31")
                .hasMessageNotContaining(shortKey);
        assertThatThrownBy(() -> new InternalApiProperties("local-admin-key"))
                .hasMessageContaining("key 1 of 1 has 15");
    }
}
