/**
 * The ids that cross between the services (typed, so that a subscription's id is never passed where
 * an enquiry's is expected) and the {@code webhook-id} header's value ({@link
 * com.holidaylistings.integration.events.delivery.WebhookIds}), which api-service answers for a test
 * event and the dispatcher sends with every attempt.
 */
package com.holidaylistings.integration.events.delivery;
