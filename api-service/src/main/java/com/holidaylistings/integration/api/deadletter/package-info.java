/**
 * The operators' replay of the dead letters: abandoned deliveries asked for again, through the
 * internal API, as a command that webhook-dispatcher carries out.
 */
package com.holidaylistings.integration.api.deadletter;
