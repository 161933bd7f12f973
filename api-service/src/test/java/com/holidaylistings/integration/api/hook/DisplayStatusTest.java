package com.holidaylistings.integration.api.hook;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DisplayStatusTest {

    @ParameterizedTest(name = "paused={0} unsubscribed={1} failing={2} latest={3} -> {4}")
    @CsvSource(
            nullValues = "none",
            value = {
                "false, false, false, none,      Active",
                "false, false, false, succeeded, Active",
                "false, false, false, failed,    Failed",
                "false, false, false, abandoned, Failed",
                "true,  false, false, none,      Inactive",
                "true,  false, false, succeeded, Inactive",
                "true,  false, false, failed,    Inactive",
                "false, true,  false, none,      Inactive",
                "false, true,  false, gone,      Inactive",
                "false, true,  false, failed,    Inactive",
                "true,  true,  false, abandoned, Inactive",
                // failing (hook.failing announced, not recovered) is always Failed unless paused or unsubscribed
                "false, false, true,  abandoned, Failed",
                "false, false, true,  failed,    Failed",
                "false, false, true,  none,      Failed",
                "true,  false, true,  failed,    Inactive",
                "false, true,  true,  gone,      Inactive"
            })
    void derivesTheDisplayStatus(
            boolean paused, boolean unsubscribed, boolean failing, String latestOutcome, DisplayStatus expected) {
        assertThat(DisplayStatus.of(
                        paused,
                        unsubscribed,
                        failing,
                        latestOutcome == null ? null : DeliveryOutcome.of(latestOutcome)))
                .isEqualTo(expected);
    }
}
