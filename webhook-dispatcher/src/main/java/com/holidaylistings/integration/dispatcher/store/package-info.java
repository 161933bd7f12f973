/**
 * The one writer of the delivery tables ({@code deliveries} and {@code webhook_events}): every
 * statement that makes or changes a delivery's row, each the SQL of one {@code Delivery}
 * transition, each conditional on the row's version so that a stale writer changes nothing.
 */
package com.holidaylistings.integration.dispatcher.store;
