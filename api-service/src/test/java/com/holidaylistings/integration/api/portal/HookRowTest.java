package com.holidaylistings.integration.api.portal;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.subscription.SubscriptionStatus;
import com.holidaylistings.integration.events.delivery.DisplayStatus;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class HookRowTest {

    private static SubscriptionStatus hook(DisplayStatus status, boolean paused, Instant lastAttempt, int failures) {
        return new SubscriptionStatus(UUID.randomUUID(), "https://example.com/hook", null, "enquiry.created", status,
                paused, lastAttempt, null, failures);
    }

    @Test
    void explainsAPausedHook() {
        HookRow row = HookRow.of(hook(DisplayStatus.Inactive, true, null, 0));

        assertThat(row.status()).isEqualTo("Inactive");
        assertThat(row.reason()).startsWith("Paused");
    }

    @Test
    void explainsAnUnsubscribedHook() {
        assertThat(HookRow.of(hook(DisplayStatus.Inactive, false, null, 0)).reason()).startsWith("Unsubscribed");
    }

    @Test
    void countsTheFailuresOfAFailedHook() {
        HookRow row = HookRow.of(hook(DisplayStatus.Failed, false, Instant.now(), 1));

        assertThat(row.status()).isEqualTo("Failed");
        assertThat(row.reason()).contains("1 failed attempt since");
    }

    @Test
    void tellsANewHookFromAWorkingOne() {
        assertThat(HookRow.of(hook(DisplayStatus.Active, false, null, 0)).reason()).isEqualTo("No deliveries yet");
        assertThat(HookRow.of(hook(DisplayStatus.Active, false, Instant.now(), 0)).reason()).isEqualTo("Delivering");
    }
}
