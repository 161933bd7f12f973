/**
 * Delivering again: the operators' replay of the abandoned deliveries (the dead letters). An owner's
 * redelivery and recover are api-service's: they mark the deliveries' rows as asked for, and the
 * row poller ({@code delivery.DueDeliveriesPoller}) queues them.
 */
package com.holidaylistings.integration.dispatcher.redelivery;
