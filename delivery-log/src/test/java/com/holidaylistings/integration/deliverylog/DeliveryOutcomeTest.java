package com.holidaylistings.integration.deliverylog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class DeliveryOutcomeTest {

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

    @Test
    void onlyFailedAndAbandonedAttemptsAreFailures() {
        assertThat(Arrays.stream(DeliveryOutcome.values()).filter(DeliveryOutcome::isFailure))
                .containsExactly(DeliveryOutcome.FAILED, DeliveryOutcome.ABANDONED);
    }
}
