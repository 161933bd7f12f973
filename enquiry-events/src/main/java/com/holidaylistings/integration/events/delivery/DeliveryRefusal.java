package com.holidaylistings.integration.events.delivery;

import java.util.Optional;

/**
 * Why an event is not delivered to a subscription, checked again before every attempt: a removed,
 * unsubscribed or paused subscription receives nothing. api-service answers a redelivery or recover
 * request with the same reasons (409). Whether the delivery itself is still due is its row's business
 * ({@link DeliveryStatus}).
 */
public enum DeliveryRefusal {
    GONE("Hook is unsubscribed: its receiver answered 410 Gone"),
    UNSUBSCRIBED("Hook is unsubscribed"),
    PAUSED("Hook is paused; resume it first");

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
    public static Optional<DeliveryRefusal> of(boolean paused, String unsubscribeReason) {
        if (GONE_REASON.equals(unsubscribeReason)) {
            return Optional.of(GONE);
        }
        if (unsubscribeReason != null) {
            return Optional.of(UNSUBSCRIBED);
        }
        return paused ? Optional.of(PAUSED) : Optional.empty();
    }
}
