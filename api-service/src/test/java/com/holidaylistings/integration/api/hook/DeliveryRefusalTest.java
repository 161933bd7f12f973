package com.holidaylistings.integration.api.hook;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DeliveryRefusalTest {

    @ParameterizedTest(name = "paused={0} unsubscribed={1} -> {2}")
    @CsvSource(
            nullValues = "none",
            value = {
                "false, none,    none",
                "true,  none,    PAUSED",
                "false, deleted, UNSUBSCRIBED",
                "true,  deleted, UNSUBSCRIBED",
                "false, gone,    GONE",
                "true,  gone,    GONE"
            })
    void refusesInOrderOfPrecedence(boolean paused, String unsubscribeReason, String expected) {
        assertThat(DeliveryRefusal.of(paused, unsubscribeReason).map(Enum::name).orElse(null))
                .isEqualTo(expected);
    }
}
