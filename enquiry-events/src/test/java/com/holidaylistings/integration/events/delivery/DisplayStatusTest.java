package com.holidaylistings.integration.events.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DisplayStatusTest {

    @ParameterizedTest(name = "paused={0} unsubscribed={1} latest={2} -> {3}")
    @CsvSource(nullValues = "none", value = {
        "false, false, none,      Active",
        "false, false, succeeded, Active",
        "false, false, failed,    Failed",
        "false, false, abandoned, Failed",
        "true,  false, none,      Inactive",
        "true,  false, succeeded, Inactive",
        "true,  false, failed,    Inactive",
        "false, true,  none,      Inactive",
        "false, true,  gone,      Inactive",
        "false, true,  failed,    Inactive",
        "true,  true,  abandoned, Inactive"
    })
    void derivesTheDisplayStatus(boolean paused, boolean unsubscribed, String latestOutcome, DisplayStatus expected) {
        assertThat(DisplayStatus.of(paused, unsubscribed, latestOutcome == null ? null : DeliveryOutcome.of(latestOutcome))).isEqualTo(expected);
    }
}
