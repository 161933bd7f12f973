package com.holidaylistings.integration.dispatcher;

/** The dispatcher's own topics. */
public final class DeliveryTopics {

    /** One record per (event, subscription), where every delivery starts; {@code RetrySchedule} names the topics after it. */
    public static final String DELIVERIES = "webhook.deliveries";

    private DeliveryTopics() {}
}
