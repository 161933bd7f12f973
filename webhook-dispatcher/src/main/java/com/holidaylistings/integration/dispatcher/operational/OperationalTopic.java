package com.holidaylistings.integration.dispatcher.operational;

/**
 * The topic {@code webhook.operational}. Key: the hook id; value: the event's JSON; headers
 * {@code event-id} and {@code event-type}. It is created at start with the delivery topics, with
 * their partitions and replication factor, by {@code intake.DeliveryTopicsConfig}: those are
 * delivery settings, and this package stays below the packages that decide its events
 * ({@code transition}) and write them ({@code log}).
 */
public final class OperationalTopic {

    public static final String NAME = "webhook.operational";
    /** Header with the event's {@code event_id}, as {@code enquiry.created} carries its own. */
    public static final String EVENT_ID_HEADER = "event-id";
    /** Header with the event's {@code type}. */
    public static final String EVENT_TYPE_HEADER = "event-type";

    /**
     * Header with the publication's W3C trace context, written by the Kafka template's observation: in
     * the enquiry's trace, under the delivery attempt that decided the event ({@link OperationalPoller}).
     */
    public static final String TRACEPARENT_HEADER = "traceparent";

    private OperationalTopic() {}
}
