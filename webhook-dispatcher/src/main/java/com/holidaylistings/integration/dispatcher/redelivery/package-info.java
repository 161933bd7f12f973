/**
 * Delivering events again: the deliveries asked for through api-service's internal API
 * (redeliveries and recover, polled from {@code delivery_requests}), and the operators' replay of
 * the dead-letter topic.
 */
package com.holidaylistings.integration.dispatcher.redelivery;
