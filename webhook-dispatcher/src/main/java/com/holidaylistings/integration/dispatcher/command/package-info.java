/**
 * The owners' requests that change deliveries (test event, redeliver, recover, dead-letter replay,
 * a hook's changed throttle), read from {@code delivery.commands} and carried out here alone, each
 * command once.
 */
package com.holidaylistings.integration.dispatcher.command;
