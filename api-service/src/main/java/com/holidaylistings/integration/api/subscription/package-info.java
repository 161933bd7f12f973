/**
 * Webhook subscriptions (REST hooks), their target rules, and the portal's view of their deliveries.
 *
 * <p>Two rules live here because api-service alone applies them to its own rows:
 * {@code DeliveryRefusal}, why a subscription receives nothing now (paused, removed, unsubscribed by
 * a 410) as the API answers 409, and {@code DisplayStatus}, the portal's status of a subscription.
 * The dispatcher needs only whether a subscription is paused or unsubscribed, which it reads from
 * the row. Which events a subscription receives is the spec's rule, applied by the dispatcher's
 * fan-out to what it delivers and by {@code Redeliveries} here to what an owner may ask for again
 * (404 otherwise); each checks its own side and neither needs the other's code.
 */
package com.holidaylistings.integration.api.subscription;
