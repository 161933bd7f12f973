package com.holidaylistings.integration.dispatcher.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Which of an owner's live subscriptions receive an event: the property filter and the creation time. */
class SubscriptionFilterTest {

    private static final UUID PROPERTY = UUID.randomUUID();
    private static final UUID OTHER_PROPERTY = UUID.randomUUID();
    private static final Instant SUBMITTED = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void aSubscriptionToAllPropertiesReceivesEveryPropertysEvents() {
        SubscriptionFilter all = new SubscriptionFilter(null, SUBMITTED.minusSeconds(60));

        assertThat(all.matches(PROPERTY, SUBMITTED)).isTrue();
        assertThat(all.matches(OTHER_PROPERTY, SUBMITTED)).isTrue();
    }

    @Test
    void aSubscriptionToOnePropertyReceivesOnlyItsEvents() {
        SubscriptionFilter one = new SubscriptionFilter(PROPERTY, SUBMITTED.minusSeconds(60));

        assertThat(one.matches(PROPERTY, SUBMITTED)).isTrue();
        assertThat(one.matches(OTHER_PROPERTY, SUBMITTED)).isFalse();
    }

    @Test
    void aSubscriptionReceivesEventsSubmittedFromItsCreationOn() {
        SubscriptionFilter made = new SubscriptionFilter(null, SUBMITTED);

        assertThat(made.matches(PROPERTY, SUBMITTED))
                .as("submitted the same instant")
                .isTrue();
        assertThat(made.matches(PROPERTY, SUBMITTED.minusNanos(1000)))
                .as("submitted before it existed")
                .isFalse();
    }
}
