/**
 * The delivery records on {@code webhook.deliveries} and its retry topics: their value
 * ({@code DeliveryTask}), written and read only here, and the fan-out's first records, due now.
 */
package com.holidaylistings.integration.dispatcher.records;
