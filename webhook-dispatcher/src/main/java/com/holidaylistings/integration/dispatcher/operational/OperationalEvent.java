package com.holidaylistings.integration.dispatcher.operational;

import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;

/**
 * What the owner should be told about a hook, as the delivery's transitions decide it
 * ({@code DeliveryTransitions}); {@link OperationalOutbox} writes it with the hook's details and
 * an event id, in the transaction of the change it announces.
 */
public sealed interface OperationalEvent {

    SubscriptionId subscription();

    OperationalEventType type();

    /** The hook's latest {@code WEBHOOK_FAILING_AFTER} attempts all failed: once, until it recovers. */
    record HookFailing(
            SubscriptionId subscription,
            Instant failingSince,
            Integer lastHttpStatus,
            String lastError,
            int consecutiveFailures)
            implements OperationalEvent {

        @Override
        public OperationalEventType type() {
            return OperationalEventType.HOOK_FAILING;
        }
    }

    /**
     * The dispatcher disabled the hook (api-service pauses it): every attempt to it failed for
     * {@code WEBHOOK_DISABLE_AFTER}, since {@code failingSince} (the first failure after its latest
     * success), or its receiver asked ({@code receiverAsked}: {@code webhook-delivery: disable}).
     */
    record HookDisabled(
            SubscriptionId subscription,
            Instant failingSince,
            Integer lastHttpStatus,
            String lastError,
            boolean receiverAsked)
            implements OperationalEvent {

        /** The reason as stored and published: {@code receiver_asked} or {@code failing}. */
        public String reason() {
            return receiverAsked ? "receiver_asked" : "failing";
        }

        @Override
        public OperationalEventType type() {
            return OperationalEventType.HOOK_DISABLED;
        }
    }

    /** The first successful delivery to a failing hook. */
    record HookRecovered(SubscriptionId subscription) implements OperationalEvent {

        @Override
        public OperationalEventType type() {
            return OperationalEventType.HOOK_RECOVERED;
        }
    }

    /** A receiver answered 410 Gone: the hook is gone for the dispatcher, and api-service unsubscribes it. */
    record HookUnsubscribed(SubscriptionId subscription) implements OperationalEvent {

        @Override
        public OperationalEventType type() {
            return OperationalEventType.HOOK_UNSUBSCRIBED;
        }
    }

    /** The last retry of one event failed; {@code attempts} is the number of the abandoned attempt. */
    record DeliveryAbandoned(SubscriptionId subscription, EnquiryId enquiry, int attempts) implements OperationalEvent {

        @Override
        public OperationalEventType type() {
            return OperationalEventType.DELIVERY_ABANDONED;
        }
    }
}
