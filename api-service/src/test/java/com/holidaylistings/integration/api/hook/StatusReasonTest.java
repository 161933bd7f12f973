package com.holidaylistings.integration.api.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class StatusReasonTest {

    private static final Instant DISABLED = Instant.parse("2026-11-20T03:00:00Z");

    @Test
    void saysWhenAndWhyTheDispatcherTurnedAHookOff() {
        StatusReason reason = new StatusReason(
                DisplayStatus.Inactive,
                true,
                null,
                DISABLED,
                false,
                DISABLED.minusSeconds(5 * 86_400 + 600),
                40,
                503,
                null);

        assertThat(reason.sentence())
                .isEqualTo(
                        "Turned off on 2026-11-20 after failing for 5 days without a success (last answer: HTTP 503).");
    }

    @Test
    void namesTheErrorWhenNoAnswerCame() {
        StatusReason reason = new StatusReason(
                DisplayStatus.Inactive,
                true,
                null,
                DISABLED,
                false,
                DISABLED.minusSeconds(86_400),
                9,
                null,
                "connection refused");

        assertThat(reason.sentence())
                .isEqualTo(
                        "Turned off on 2026-11-20 after failing for 1 day without a success (last answer: connection refused).");
    }

    @Test
    void explainsAPauseByTheOwner() {
        assertThat(new StatusReason(DisplayStatus.Inactive, true, null, null, false, null, 0, null, null).sentence())
                .isEqualTo("Paused: nothing is sent until it is resumed.");
    }

    @Test
    void explainsAnUnsubscriptionByGoneOrByTheIntegration() {
        assertThat(new StatusReason(DisplayStatus.Inactive, false, "gone", null, false, null, 1, 410, null).sentence())
                .isEqualTo("The receiver answered 410 Gone, so it was unsubscribed.");
        assertThat(new StatusReason(DisplayStatus.Inactive, false, "deleted", null, false, null, 0, null, null)
                        .sentence())
                .startsWith("Removed by your integration");
    }

    @Test
    void countsTheFailuresOfAFailedHook() {
        assertThat(new StatusReason(DisplayStatus.Failed, false, null, null, false, null, 3, 503, null).sentence())
                .isEqualTo("The last 3 attempts failed (HTTP 503).");
        assertThat(new StatusReason(DisplayStatus.Failed, false, null, null, false, null, 1, null, "timeout after 10s")
                        .sentence())
                .isEqualTo("The last attempt failed (timeout after 10s).");
    }

    @Test
    void saysNothingOfAWorkingHook() {
        assertThat(new StatusReason(DisplayStatus.Active, false, null, null, false, null, 0, 200, null).sentence())
                .isNull();
    }

    @Test
    void saysTheReceiverAskedWhenItDisabledTheHook() {
        assertThat(new StatusReason(DisplayStatus.Inactive, true, null, DISABLED, true, null, 0, 200, null).sentence())
                .isEqualTo("Turned off on "
                        + DISABLED.atZone(java.time.ZoneOffset.UTC).toLocalDate()
                        + ": the receiver asked to stop receiving (webhook-delivery: disable).");
    }
}
