/**
 * Delivering a failed event again: redeliveries asked for in the owner portal (polled from
 * {@code failed_deliveries}), and the operators' replay of the dead-letter topic.
 */
package com.holidaylistings.integration.dispatcher.redelivery;
