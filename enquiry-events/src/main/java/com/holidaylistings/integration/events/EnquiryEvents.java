package com.holidaylistings.integration.events;

/** Names that the producer and every consumer of the enquiry event stream agree on. */
public final class EnquiryEvents {

    /** The Kafka topic carrying {@link EnquiryCreated} values, keyed by enquiry id. */
    public static final String TOPIC = EnquiryCreated.TYPE;

    /** Header with the unique id of the event (the outbox row id); consumers dedupe on it. */
    public static final String EVENT_ID_HEADER = "event-id";

    /** Header with the event type, {@link EnquiryCreated#TYPE}. */
    public static final String EVENT_TYPE_HEADER = "event-type";

    /** Header with the id of the HTTP request that created the enquiry, for tracing. */
    public static final String REQUEST_ID_HEADER = "request-id";

    /**
     * Header with the W3C trace context ({@code 00-<trace id>-<span id>-<flags>}) of the relay's publish, a
     * descendant of the intake request's: a consumer that continues it joins the enquiry's one trace.
     */
    public static final String TRACEPARENT_HEADER = "traceparent";

    private EnquiryEvents() {}
}
