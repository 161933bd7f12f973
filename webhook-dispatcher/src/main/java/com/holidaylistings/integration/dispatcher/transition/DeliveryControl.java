package com.holidaylistings.integration.dispatcher.transition;

import java.util.Locale;

/**
 * What a receiver asked of its deliveries with the response header {@value #HEADER} (the Standard
 * Webhooks proposal for delivery control), whatever the answer's status: {@code abort-message} ends
 * the delivery now (abandoned, no more retries); {@code disable} disables the hook, as days of
 * failure do. Any other value, or none, asks nothing.
 */
public enum DeliveryControl {
    NONE(null),
    ABORT_MESSAGE("the receiver asked not to retry this event (webhook-delivery: abort-message)"),
    DISABLE("the receiver asked to stop sending to this hook (webhook-delivery: disable)");

    public static final String HEADER = "webhook-delivery";

    private final String reason;

    DeliveryControl(String reason) {
        this.reason = reason;
    }

    /** What the header's value asks; {@link #NONE} for no value or one not known. */
    public static DeliveryControl of(String value) {
        if (value == null) {
            return NONE;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "abort-message" -> ABORT_MESSAGE;
            case "disable" -> DISABLE;
            default -> NONE;
        };
    }

    /** The reason the attempt log gives when the receiver asked this; null for {@link #NONE}. */
    public String reason() {
        return reason;
    }
}
