package com.holidaylistings.integration.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RejectedTokensTest {

    @Test
    void remembersRejectedTokensUpToItsCapacityForgettingTheLeastRecentlySeen() {
        RejectedTokens rejected = new RejectedTokens(2);
        String first = AccessTokenFormat.generate();
        String second = AccessTokenFormat.generate();
        String third = AccessTokenFormat.generate();

        rejected.add(first);
        rejected.add(second);
        assertThat(rejected.contains(first))
                .as("seen again: now the most recent")
                .isTrue();
        rejected.add(third);

        assertThat(rejected.size()).isEqualTo(2);
        assertThat(rejected.contains(first)).isTrue();
        assertThat(rejected.contains(third)).isTrue();
        assertThat(rejected.contains(second)).isFalse();
    }
}
