/**
 * The delivery rules both services apply, each written once: which subscriptions receive an event,
 * when a delivery is refused, how an attempt ended, and how the portal shows a subscription. Typed
 * ids keep a subscription's id from being passed where an enquiry's is expected.
 */
package com.holidaylistings.integration.events.delivery;
