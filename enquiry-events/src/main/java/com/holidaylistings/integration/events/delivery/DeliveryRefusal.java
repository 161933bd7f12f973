package com.holidaylistings.integration.events.delivery;

import java.util.Optional;

/**
 * Why an event is not delivered to a subscription, checked again before every attempt: a removed,
 * unsubscribed or paused subscription receives nothing, and an event it already received is not
 * sent again. api-service answers a redelivery or recover request with the same reasons (409),
 * except {@link #DELIVERED}: an owner may always ask for a delivered event again, and the dispatcher
 * counts only the successes of that new delivery.
 */
public enum DeliveryRefusal {
    GONE("Hook is unsubscribed: its receiver answered 410 Gone"),
    UNSUBSCRIBED("Hook is unsubscribed"),
    PAUSED("Hook is paused; resume it first"),
    DELIVERED("Already delivered");

    /** The {@code unsubscribe_reason} stored when a receiver answered 410. */
    public static final String GONE_REASON = "gone";

    private final String reason;

    DeliveryRefusal(String reason) {
        this.reason = reason;
    }

    /** The reason as the API states it. */
    public String reason() {
        return reason;
    }

    /**
     * The refusal for a subscription in this state, the first that applies in this order; empty when
     * the event is to be delivered. {@code unsubscribeReason} is null while it is subscribed.
     */
    public static Optional<DeliveryRefusal> of(boolean paused, String unsubscribeReason, boolean alreadyDelivered) {
        if (GONE_REASON.equals(unsubscribeReason)) {
            return Optional.of(GONE);
        }
        if (unsubscribeReason != null) {
            return Optional.of(UNSUBSCRIBED);
        }
        if (paused) {
            return Optional.of(PAUSED);
        }
        return alreadyDelivered ? Optional.of(DELIVERED) : Optional.empty();
    }
}
