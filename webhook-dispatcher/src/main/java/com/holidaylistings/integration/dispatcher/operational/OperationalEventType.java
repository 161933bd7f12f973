package com.holidaylistings.integration.dispatcher.operational;

/** The types of {@code webhook.operational} events, as the {@code type} field and the {@code event-type} header carry them. */
public enum OperationalEventType {
    /** The hook's latest {@code WEBHOOK_FAILING_AFTER} attempts all failed; once, until it recovers. */
    HOOK_FAILING("hook.failing"),
    /** Every attempt to the hook failed for {@code WEBHOOK_DISABLE_AFTER}, and it was disabled. */
    HOOK_DISABLED("hook.disabled"),
    /** The first successful delivery to a failing hook. */
    HOOK_RECOVERED("hook.recovered"),
    /** A receiver answered 410 Gone, which ends the hook. */
    HOOK_UNSUBSCRIBED("hook.unsubscribed"),
    /** The last retry of one event failed. */
    DELIVERY_ABANDONED("delivery.abandoned");

    private final String value;

    OperationalEventType(String value) {
        this.value = value;
    }

    /** The name on the topic (and in {@code operational_events.type}). */
    public String value() {
        return value;
    }

    public static OperationalEventType of(String value) {
        for (OperationalEventType type : values()) {
            if (type.value.equals(value)) {
                return type;
            }
        }
        throw new IllegalArgumentException("Unknown operational event type " + value);
    }
}
