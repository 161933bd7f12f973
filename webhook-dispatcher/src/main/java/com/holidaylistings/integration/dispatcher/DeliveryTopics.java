package com.holidaylistings.integration.dispatcher;

/** The dispatcher's own topics. */
public final class DeliveryTopics {

    /** One record per (event, subscription); its retry topics are {@code webhook.deliveries-retry-<n>}, then {@code -dlt}. */
    public static final String DELIVERIES = "webhook.deliveries";

    private DeliveryTopics() {}
}
