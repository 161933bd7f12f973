package com.holidaylistings.integration.dispatcher.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The retry delay after a failed attempt, given the schedule and the receiver's answer. */
class WebhookDeliveryTest {

    private static final Duration SCHEDULED = Duration.ofMinutes(1);

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void honoursALongerRetryAfter(int status) {
        assertThat(WebhookDelivery.delayAsked(SCHEDULED, answer(status, Duration.ofSeconds(90))))
                .isEqualTo(Duration.ofSeconds(90));
    }

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void capsRetryAfterAtTwiceTheScheduledDelay(int status) {
        assertThat(WebhookDelivery.delayAsked(SCHEDULED, answer(status, Duration.ofDays(2))))
                .isEqualTo(Duration.ofMinutes(2));
        assertThat(WebhookDelivery.delayAsked(SCHEDULED, answer(status, Duration.ofMinutes(2))))
                .isEqualTo(Duration.ofMinutes(2));
    }

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void keepsTheScheduleWhenRetryAfterAsksForLessOrTheSame(int status) {
        assertThat(WebhookDelivery.delayAsked(SCHEDULED, answer(status, Duration.ZERO))).isEqualTo(SCHEDULED);
        assertThat(WebhookDelivery.delayAsked(SCHEDULED, answer(status, Duration.ofSeconds(30)))).isEqualTo(SCHEDULED);
        assertThat(WebhookDelivery.delayAsked(SCHEDULED, answer(status, SCHEDULED))).isEqualTo(SCHEDULED);
    }

    @ParameterizedTest
    @ValueSource(ints = {429, 503})
    void keepsTheScheduleWithoutRetryAfter(int status) {
        assertThat(WebhookDelivery.delayAsked(SCHEDULED, answer(status, null))).isEqualTo(SCHEDULED);
    }

    @ParameterizedTest
    @ValueSource(ints = {500, 502, 504, 404, 302, 400})
    void ignoresRetryAfterOnOtherStatuses(int status) {
        assertThat(WebhookDelivery.delayAsked(SCHEDULED, answer(status, Duration.ofSeconds(90)))).isEqualTo(SCHEDULED);
    }

    @Test
    void keepsTheScheduleWhenNoAnswerCame() {
        HttpOutcome timedOut = new HttpOutcome(null, null, "timed out after 10000 ms", Duration.ofSeconds(10), null);

        assertThat(WebhookDelivery.delayAsked(SCHEDULED, timedOut)).isEqualTo(SCHEDULED);
    }

    private static HttpOutcome answer(int status, Duration retryAfter) {
        return new HttpOutcome(status, "", null, Duration.ofMillis(20), retryAfter);
    }
}
