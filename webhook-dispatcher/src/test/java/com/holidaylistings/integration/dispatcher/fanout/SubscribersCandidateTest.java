package com.holidaylistings.integration.dispatcher.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Which of an owner's live subscriptions receive an event: the property filter and the creation time. */
class SubscribersCandidateTest {

    private static final UUID PROPERTY = UUID.randomUUID();
    private static final UUID OTHER_PROPERTY = UUID.randomUUID();
    private static final Instant SUBMITTED = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void aSubscriptionToAllPropertiesReceivesEveryPropertysEvents() {
        Subscribers.Candidate all = new Subscribers.Candidate(UUID.randomUUID(), null, SUBMITTED.minusSeconds(60));

        assertThat(all.receives(PROPERTY, SUBMITTED)).isTrue();
        assertThat(all.receives(OTHER_PROPERTY, SUBMITTED)).isTrue();
    }

    @Test
    void aSubscriptionToOnePropertyReceivesOnlyItsEvents() {
        Subscribers.Candidate one = new Subscribers.Candidate(UUID.randomUUID(), PROPERTY, SUBMITTED.minusSeconds(60));

        assertThat(one.receives(PROPERTY, SUBMITTED)).isTrue();
        assertThat(one.receives(OTHER_PROPERTY, SUBMITTED)).isFalse();
    }

    @Test
    void aSubscriptionReceivesEventsSubmittedFromItsCreationOn() {
        Subscribers.Candidate made = new Subscribers.Candidate(UUID.randomUUID(), null, SUBMITTED);

        assertThat(made.receives(PROPERTY, SUBMITTED)).as("submitted the same instant").isTrue();
        assertThat(made.receives(PROPERTY, SUBMITTED.minusNanos(1000))).as("submitted before it existed").isFalse();
    }
}
