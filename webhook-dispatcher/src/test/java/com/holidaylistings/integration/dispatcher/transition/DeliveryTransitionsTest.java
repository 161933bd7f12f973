package com.holidaylistings.integration.dispatcher.transition;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.dispatcher.operational.OperationalEvent;
import com.holidaylistings.integration.dispatcher.retry.RetrySchedule;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Every transition of a delivery and of its subscription's health, without Spring, a database or Kafka. */
class DeliveryTransitionsTest {

    private static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");
    private static final SubscriptionId SUBSCRIPTION = SubscriptionId.of(UUID.randomUUID());
    private final DeliveryTransitions transitions =
            new DeliveryTransitions(new RetrySchedule(List.of(Duration.ofMinutes(1), Duration.ofMinutes(5))), 3);

    private static Delivery delivery(DeliveryStatus status, int attempts, int stage) {
        return new Delivery("msg_1", NOW, SUBSCRIPTION, EnquiryId.of(UUID.randomUUID()), status, attempts, stage);
    }

    private static HttpOutcome answered(int status, Duration retryAfter) {
        return new HttpOutcome(status, "", false, null, Duration.ofMillis(5), retryAfter);
    }

    @Test
    void onlyTheRecordWrittenForAPendingRowsVersionIsAwaited() {
        Delivery atThree = new Delivery(
                "msg_1", NOW, SUBSCRIPTION, EnquiryId.of(UUID.randomUUID()), DeliveryStatus.PENDING, 2, 3, false, 3);
        assertThat(atThree.awaits(3)).isTrue();
        assertThat(atThree.awaits(2))
                .as("a copy of a record the row has moved on from")
                .isFalse();
        assertThat(atThree.awaits(4)).as("no record runs ahead of its row").isFalse();
        assertThat(atThree.attempted(DeliveryStatus.SUCCEEDED, 3).awaits(3))
                .as("delivered")
                .isFalse();
        assertThat(atThree.parked().awaits(3)).as("parked on its row").isFalse();
        assertThat(atThree.parked().due().awaits(5))
                .as("taken from its row again: the poller's record")
                .isTrue();
    }

    @Test
    void everyTransitionMakesTheVersionOneHigher() {
        Delivery pending = delivery(DeliveryStatus.PENDING, 1, 2);
        assertThat(List.of(
                        pending.parked(),
                        pending.due(),
                        pending.skipped(),
                        pending.throttled(),
                        pending.waitingOnRow(),
                        pending.attempted(DeliveryStatus.PENDING, 3)))
                .extracting(Delivery::version)
                .containsOnly(1);
        assertThat(pending.parked())
                .extracting(Delivery::status, Delivery::attempts, Delivery::stage)
                .containsExactly(DeliveryStatus.WAITING, 1, 2);
        assertThat(pending.attempted(DeliveryStatus.PENDING, 3))
                .extracting(Delivery::attempts, Delivery::stage)
                .containsExactly(2, 3);
        assertThat(pending.skipped().status()).isEqualTo(DeliveryStatus.SKIPPED);
    }

    @Test
    void askingForADeliveryAgainLeavesOneInProgressAloneAndStartsAnyOtherAtTheFirstStage() {
        Delivery retrying = delivery(DeliveryStatus.PENDING, 2, 3);
        assertThat(retrying.askedForAgain()).as("one chain of attempts").isSameAs(retrying);
        assertThat(delivery(DeliveryStatus.WAITING, 2, 3).askedForAgain().version())
                .isZero();
        Delivery again = delivery(DeliveryStatus.SUCCEEDED, 2, 3).askedForAgain();
        assertThat(again)
                .extracting(Delivery::status, Delivery::attempts, Delivery::stage, Delivery::version)
                .containsExactly(DeliveryStatus.WAITING, 2, Delivery.FIRST_STAGE, 1);
    }

    @Test
    void recoverAndReplayTakeOnlyWhatEndedUnreceived() {
        assertThat(delivery(DeliveryStatus.ABANDONED, 6, 6).recovered().status())
                .isEqualTo(DeliveryStatus.WAITING);
        assertThat(delivery(DeliveryStatus.SKIPPED, 0, 1).recovered().status()).isEqualTo(DeliveryStatus.WAITING);
        Delivery delivered = delivery(DeliveryStatus.SUCCEEDED, 1, 1);
        assertThat(delivered.recovered()).isSameAs(delivered);
        assertThat(delivery(DeliveryStatus.ABANDONED, 6, 6).replayed())
                .extracting(Delivery::status, Delivery::stage)
                .containsExactly(DeliveryStatus.WAITING, Delivery.FIRST_STAGE);
        Delivery skipped = delivery(DeliveryStatus.SKIPPED, 0, 1);
        assertThat(skipped.replayed()).as("only dead letters are replayed").isSameAs(skipped);
        Delivery failedTest = Delivery.tested("msg_t", NOW, SUBSCRIPTION, EnquiryId.of(UUID.randomUUID()))
                .due()
                .attempted(DeliveryStatus.ABANDONED, 1);
        assertThat(failedTest.recovered())
                .as("a test event is nobody's to recover")
                .isSameAs(failedTest);
        assertThat(failedTest.replayed()).isSameAs(failedTest);
    }

    @Test
    void aNewDeliveryStartsAtVersionZeroAtTheFirstStage() {
        Delivery created = Delivery.created("msg_1", NOW, SUBSCRIPTION, EnquiryId.of(UUID.randomUUID()), false, false);
        assertThat(created)
                .extracting(Delivery::status, Delivery::attempts, Delivery::stage, Delivery::version, Delivery::test)
                .containsExactly(DeliveryStatus.PENDING, 0, 1, 0, false);
        assertThat(Delivery.tested("msg_t", NOW, SUBSCRIPTION, EnquiryId.of(UUID.randomUUID())))
                .extracting(Delivery::status, Delivery::test)
                .containsExactly(DeliveryStatus.WAITING, true);
    }

    @Test
    void aRetryWhoseRecordKafkaDidNotTakeWaitsOnItsRow() {
        DeliveryTransitions.AfterAttempt failed =
                transitions.afterAttempt(delivery(DeliveryStatus.PENDING, 0, 1), answered(500, null), NOW);
        Delivery waiting = failed.next().waitingOnRow();
        assertThat(waiting)
                .extracting(Delivery::status, Delivery::attempts, Delivery::stage, Delivery::version)
                .containsExactly(DeliveryStatus.WAITING, 1, 2, 2);
    }

    @Test
    void aSuccessEndsTheDeliveryAndCountsTheAttempt() {
        DeliveryTransitions.AfterAttempt after =
                transitions.afterAttempt(delivery(DeliveryStatus.PENDING, 0, 1), answered(204, null), NOW);
        assertThat(after.next().status()).isEqualTo(DeliveryStatus.SUCCEEDED);
        assertThat(after.next().attempts()).isEqualTo(1);
        assertThat(after.outcome()).isEqualTo(DeliveryOutcome.SUCCEEDED);
        assertThat(after.recordMovesOn()).isFalse();
        assertThat(after.events()).isEmpty();
    }

    @Test
    void aFailureIsDueAgainAfterItsStagesDelayOnTheNextRetryTopic() {
        DeliveryTransitions.AfterAttempt after =
                transitions.afterAttempt(delivery(DeliveryStatus.PENDING, 0, 1), answered(500, null), NOW);
        assertThat(after.next())
                .extracting(Delivery::status, Delivery::attempts, Delivery::stage)
                .containsExactly(DeliveryStatus.PENDING, 1, 2);
        assertThat(after.nextAttemptAt()).isEqualTo(NOW.plus(Duration.ofMinutes(1)));
        assertThat(after.recordMovesOn()).isTrue();
        assertThat(after.movesOn().abandoned()).isFalse();
    }

    @Test
    void aRetryAfterLongerThanTheScheduleWaitsOnTheRowWithNoRecord() {
        DeliveryTransitions.AfterAttempt after = transitions.afterAttempt(
                delivery(DeliveryStatus.PENDING, 0, 1), answered(503, Duration.ofSeconds(90)), NOW);
        assertThat(after.next())
                .extracting(Delivery::status, Delivery::attempts, Delivery::stage)
                .containsExactly(DeliveryStatus.WAITING, 1, 2);
        assertThat(after.nextAttemptAt()).isEqualTo(NOW.plusSeconds(90));
        assertThat(after.recordMovesOn()).isFalse();
        assertThat(after.outcome()).isEqualTo(DeliveryOutcome.FAILED);
    }

    @Test
    void theLastStagesFailureIsAbandonedAndAnnounced() {
        Delivery lastStage = delivery(DeliveryStatus.PENDING, 4, 3);
        DeliveryTransitions.AfterAttempt after = transitions.afterAttempt(lastStage, answered(500, null), NOW);
        assertThat(after.next().status()).isEqualTo(DeliveryStatus.ABANDONED);
        assertThat(after.outcome()).isEqualTo(DeliveryOutcome.ABANDONED);
        assertThat(after.movesOn().abandoned()).isTrue();
        assertThat(after.events())
                .containsExactly(new OperationalEvent.DeliveryAbandoned(SUBSCRIPTION, lastStage.enquiry(), 5));
    }

    @Test
    void a410EndsTheDeliveryAndUnsubscribes() {
        Delivery pending = delivery(DeliveryStatus.PENDING, 0, 1);
        DeliveryTransitions.AfterAttempt after = transitions.afterAttempt(pending, answered(410, null), NOW);
        assertThat(after.next().status()).isEqualTo(DeliveryStatus.GONE);
        assertThat(transitions
                        .afterAttemptOnHook(pending, HookHealth.NEW, DeliveryOutcome.GONE, NOW, 410, null)
                        .events())
                .containsExactly(new OperationalEvent.HookUnsubscribed(SUBSCRIPTION));
    }

    @Test
    void aSkippedDeliveryKeepsItsAttempts() {
        assertThat(delivery(DeliveryStatus.PENDING, 2, 3).skipped())
                .extracting(Delivery::status, Delivery::attempts)
                .containsExactly(DeliveryStatus.SKIPPED, 2);
    }

    @Test
    void aHookIsFailingOnceAfterItsThirdFailureInARowAndRecoversAtItsNextSuccess() {
        Delivery d = delivery(DeliveryStatus.PENDING, 0, 1);
        HookHealth health = HookHealth.NEW;
        List<OperationalEvent> events = new java.util.ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            DeliveryTransitions.HookChange change =
                    transitions.afterAttemptOnHook(d, health, DeliveryOutcome.FAILED, NOW.plusSeconds(i), 503, null);
            health = change.next();
            events.addAll(change.events());
        }
        assertThat(health.consecutiveFailures()).isEqualTo(5);
        assertThat(health.failingSince()).isEqualTo(NOW.plusSeconds(3));
        assertThat(events)
                .containsExactly(new OperationalEvent.HookFailing(SUBSCRIPTION, NOW.plusSeconds(3), 503, null, 3));

        DeliveryTransitions.HookChange recovered =
                transitions.afterAttemptOnHook(d, health, DeliveryOutcome.SUCCEEDED, NOW.plusSeconds(6), 200, null);
        assertThat(recovered.events()).containsExactly(new OperationalEvent.HookRecovered(SUBSCRIPTION));
        assertThat(recovered.next().consecutiveFailures()).isZero();
        assertThat(recovered.next().failingSince()).isNull();
        assertThat(recovered.next().lastSuccessAt()).isEqualTo(NOW.plusSeconds(6));
        assertThat(transitions
                        .afterAttemptOnHook(
                                d, recovered.next(), DeliveryOutcome.SUCCEEDED, NOW.plusSeconds(7), 200, null)
                        .events())
                .as("a success of a healthy hook announces nothing")
                .isEmpty();
    }

    @Test
    void aTestEventIsAttemptedOnceWhateverTheAnswer() {
        Delivery test = new Delivery(
                "msg_t", NOW, SUBSCRIPTION, EnquiryId.of(UUID.randomUUID()), DeliveryStatus.PENDING, 0, 1, true, 0);
        for (HttpOutcome answer : List.of(
                answered(500, null),
                answered(410, null),
                answered(503, Duration.ofHours(1)),
                HttpOutcome.noAnswer("timed out", Duration.ofSeconds(10), java.util.Map.of()))) {
            DeliveryTransitions.AfterAttempt after = transitions.afterAttempt(test, answer, NOW);
            assertThat(after.next().status()).as("ended after %s", answer).isEqualTo(DeliveryStatus.ABANDONED);
            assertThat(after.outcome()).isEqualTo(DeliveryOutcome.FAILED);
            assertThat(after.recordMovesOn()).as("no retry, no dead letter").isFalse();
            assertThat(after.events()).isEmpty();
        }
        assertThat(transitions
                        .afterAttempt(test, answered(204, null), NOW)
                        .next()
                        .status())
                .isEqualTo(DeliveryStatus.SUCCEEDED);
    }

    @Test
    void aHookFailingWithoutABreakForTheDisablingTimeIsDisabled() {
        DeliveryTransitions disabling =
                new DeliveryTransitions(new RetrySchedule(List.of(Duration.ofMinutes(1))), 3, Duration.ofDays(5));
        Delivery d = delivery(DeliveryStatus.PENDING, 0, 1);
        HookHealth health = HookHealth.NEW;
        List<OperationalEvent> events = new java.util.ArrayList<>();
        for (Duration at : List.of(
                Duration.ZERO,
                Duration.ofDays(2),
                Duration.ofDays(4),
                Duration.ofDays(5).minusSeconds(1),
                Duration.ofDays(5))) {
            DeliveryTransitions.HookChange change =
                    disabling.afterAttemptOnHook(d, health, DeliveryOutcome.FAILED, NOW.plus(at), 503, "HTTP 503");
            health = change.next();
            events.addAll(change.events());
        }
        assertThat(health.firstFailureAt()).isEqualTo(NOW);
        assertThat(events)
                .filteredOn(OperationalEvent.HookDisabled.class::isInstance)
                .as("only the failure five days after the first")
                .containsExactly(new OperationalEvent.HookDisabled(SUBSCRIPTION, NOW, 503, "HTTP 503", false));

        HookHealth recovered = disabling
                .afterAttemptOnHook(d, health, DeliveryOutcome.SUCCEEDED, NOW.plus(Duration.ofDays(6)), 200, null)
                .next();
        assertThat(recovered.firstFailureAt()).as("a success breaks the run").isNull();
        assertThat(disabling
                        .afterAttemptOnHook(
                                d, recovered, DeliveryOutcome.FAILED, NOW.plus(Duration.ofDays(12)), 503, null)
                        .next()
                        .firstFailureAt())
                .isEqualTo(NOW.plus(Duration.ofDays(12)));
    }

    @Test
    void aHookIsNotDisabledWithFewerFailuresThanFailingAfterNorWhenDisablingIsOff() {
        DeliveryTransitions disabling =
                new DeliveryTransitions(new RetrySchedule(List.of(Duration.ofMinutes(1))), 3, Duration.ofDays(5));
        Delivery d = delivery(DeliveryStatus.PENDING, 0, 1);
        HookHealth twoFailures = new HookHealth(1, NOW, null, NOW, DeliveryOutcome.FAILED, null, 503, null);
        assertThat(disabling
                        .afterAttemptOnHook(
                                d, twoFailures, DeliveryOutcome.FAILED, NOW.plus(Duration.ofDays(9)), 503, null)
                        .events())
                .noneMatch(OperationalEvent.HookDisabled.class::isInstance);
        HookHealth manyFailures = new HookHealth(50, NOW, NOW, NOW, DeliveryOutcome.FAILED, null, 503, null);
        assertThat(transitions
                        .afterAttemptOnHook(
                                d, manyFailures, DeliveryOutcome.FAILED, NOW.plus(Duration.ofDays(90)), 503, null)
                        .events())
                .as("WEBHOOK_DISABLE_AFTER=0")
                .isEmpty();
    }

    @Test
    void aThrottledDeliveryWaitsOnItsRowWithItsAttemptsAndStage() {
        assertThat(delivery(DeliveryStatus.PENDING, 2, 3).throttled())
                .extracting(Delivery::status, Delivery::attempts, Delivery::stage)
                .containsExactly(DeliveryStatus.WAITING, 2, 3);
    }

    private static HttpOutcome asking(int status, String deliveryHeader) {
        return new HttpOutcome(
                status, "", false, null, Duration.ofMillis(5), null, null, null, DeliveryControl.of(deliveryHeader));
    }

    @Test
    void aReceiverThatAsksNotToRetryEndsTheDeliveryAtOnceWithoutADeadLetter() {
        DeliveryTransitions.AfterAttempt after =
                transitions.afterAttempt(delivery(DeliveryStatus.PENDING, 0, 1), asking(400, "abort-message"), NOW);
        assertThat(after.next())
                .extracting(Delivery::status, Delivery::attempts)
                .containsExactly(DeliveryStatus.ABANDONED, 1);
        assertThat(after.outcome()).isEqualTo(DeliveryOutcome.ABANDONED);
        assertThat(after.recordMovesOn()).as("no retry, no dead letter").isFalse();
        assertThat(after.events()).singleElement().isInstanceOf(OperationalEvent.DeliveryAbandoned.class);

        assertThat(transitions
                        .afterAttempt(delivery(DeliveryStatus.PENDING, 0, 1), asking(204, "abort-message"), NOW)
                        .next()
                        .status())
                .as("a success stays one")
                .isEqualTo(DeliveryStatus.SUCCEEDED);
        assertThat(transitions
                        .afterAttempt(delivery(DeliveryStatus.PENDING, 0, 1), asking(400, "stop-please"), NOW)
                        .next()
                        .status())
                .as("an unknown value is ignored")
                .isEqualTo(DeliveryStatus.PENDING);
    }

    @Test
    void aReceiverThatAsksToDisableItsHookDisablesItOnceWhateverTheStatus() {
        Delivery d = delivery(DeliveryStatus.PENDING, 0, 1);
        for (int status : new int[] {200, 400}) {
            DeliveryTransitions.HookChange change = transitions.afterAttemptOnHook(
                    d,
                    HookHealth.NEW,
                    status == 200 ? DeliveryOutcome.SUCCEEDED : DeliveryOutcome.FAILED,
                    NOW,
                    status,
                    null,
                    DeliveryControl.DISABLE);
            assertThat(change.events())
                    .filteredOn(OperationalEvent.HookDisabled.class::isInstance)
                    .singleElement()
                    .satisfies(e -> {
                        OperationalEvent.HookDisabled disabled = (OperationalEvent.HookDisabled) e;
                        assertThat(disabled.receiverAsked()).isTrue();
                        assertThat(disabled.reason()).isEqualTo("receiver_asked");
                        assertThat(disabled.failingSince()).isEqualTo(NOW);
                    });
        }
        assertThat(transitions
                        .afterAttemptOnHook(
                                d, HookHealth.NEW, DeliveryOutcome.FAILED, NOW, 400, null, DeliveryControl.NONE)
                        .events())
                .noneMatch(OperationalEvent.HookDisabled.class::isInstance);
    }

    @Test
    void readsTheDeliveryControlHeaderAsStandardWebhooksNamesIt() {
        assertThat(DeliveryControl.of("abort-message")).isEqualTo(DeliveryControl.ABORT_MESSAGE);
        assertThat(DeliveryControl.of(" Disable ")).isEqualTo(DeliveryControl.DISABLE);
        assertThat(DeliveryControl.of("retry-later")).isEqualTo(DeliveryControl.NONE);
        assertThat(DeliveryControl.of(null)).isEqualTo(DeliveryControl.NONE);
        assertThat(DeliveryControl.ABORT_MESSAGE.reason()).contains("receiver asked");
    }
}
