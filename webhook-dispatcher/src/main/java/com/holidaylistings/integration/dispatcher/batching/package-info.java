/**
 * Doing work in batches from one thread, so that a burst of deliveries costs a few statements
 * and no thread or connection per delivery: the delivery rows' reads, the attempt log, the parking
 * lot and the hooks' throttle all write or read through it.
 */
package com.holidaylistings.integration.dispatcher.batching;
