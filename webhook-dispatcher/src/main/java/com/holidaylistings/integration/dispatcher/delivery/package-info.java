/** Delivering one event to one subscription: signing, sending, retrying, logging, isolating. */
package com.holidaylistings.integration.dispatcher.delivery;
