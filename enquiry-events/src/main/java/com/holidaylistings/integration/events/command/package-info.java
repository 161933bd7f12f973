/**
 * The owners' requests that change deliveries, as api-service asks webhook-dispatcher to carry them
 * out: commands written to api-service's outbox, relayed to the topic {@code delivery.commands}, and
 * applied by the dispatcher alone, once each.
 */
package com.holidaylistings.integration.events.command;
