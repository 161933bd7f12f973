package com.holidaylistings.integration.events.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DeliveryRefusalTest {

    @ParameterizedTest(name = "paused={0} unsubscribed={1} delivered={2} -> {3}")
    @CsvSource(nullValues = "none", value = {
        "false, none,    false, none",
        "false, none,    true,  DELIVERED",
        "true,  none,    false, PAUSED",
        "true,  none,    true,  PAUSED",
        "false, deleted, false, UNSUBSCRIBED",
        "true,  deleted, true,  UNSUBSCRIBED",
        "false, gone,    false, GONE",
        "true,  gone,    true,  GONE"
    })
    void refusesInOrderOfPrecedence(boolean paused, String unsubscribeReason, boolean delivered, String expected) {
        assertThat(DeliveryRefusal.of(paused, unsubscribeReason, delivered).map(Enum::name).orElse(null))
                .isEqualTo(expected);
    }

    @Test
    void outcomesAreStoredInLowerCaseWhateverTheLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("tr-TR"));
            assertThat(DeliveryOutcome.FAILED.value()).isEqualTo("failed");
            assertThat(DeliveryOutcome.of("failed")).isEqualTo(DeliveryOutcome.FAILED);
        } finally {
            Locale.setDefault(before);
        }
    }
}
