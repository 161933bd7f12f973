package com.holidaylistings.integration.api.hook;

import java.util.Optional;

/**
 * Why a hook receives nothing now, as the API answers a test event, redelivery or recover
 * request for it (409): removed, unsubscribed by its receiver's 410 (api-service stores
 * {@link #GONE_REASON} when the dispatcher reports it) or paused. These are api-service's own rows;
 * the dispatcher reads only whether the hook is paused or unsubscribed.
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
     * The refusal for a hook in this state, the first that applies in this order; empty when
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
