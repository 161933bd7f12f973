/**
 * Fairness between owners: each owner's deliveries run in a lane of their own, capped at
 * {@code WEBHOOK_MAX_IN_FLIGHT_PER_OWNER} in flight, and the process's capacity is shared among the
 * lanes that have work, in turn.
 */
package com.holidaylistings.integration.dispatcher.lane;
