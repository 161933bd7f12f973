package com.holidaylistings.integration.api.portal;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.hook.DisplayStatus;
import com.holidaylistings.integration.api.hook.HookStatus;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class HookRowTest {

    private static HookStatus hook(DisplayStatus status, boolean paused, Instant lastAttempt, String reason) {
        return new HookStatus(
                UUID.randomUUID(),
                "https://example.com/hook",
                null,
                "enquiry.created",
                status,
                paused,
                lastAttempt,
                null,
                0,
                null,
                reason,
                null);
    }

    @Test
    void showsTheHooksStatusReason() {
        HookRow row =
                HookRow.of(hook(DisplayStatus.Inactive, true, null, "Paused: nothing is sent until it is resumed."));

        assertThat(row.status()).isEqualTo("Inactive");
        assertThat(row.reason()).isEqualTo("Paused: nothing is sent until it is resumed.");
    }

    @Test
    void tellsANewHookFromAWorkingOne() {
        assertThat(HookRow.of(hook(DisplayStatus.Active, false, null, null)).reason())
                .isEqualTo("No deliveries yet");
        assertThat(HookRow.of(hook(DisplayStatus.Active, false, Instant.now(), null))
                        .reason())
                .isEqualTo("Delivering");
    }
}
