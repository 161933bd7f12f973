/**
 * The operators' replay of the dead letters: abandoned deliveries asked for again, through the
 * internal API, for the dispatcher's row poller to send.
 */
package com.holidaylistings.integration.api.deadletter;
