/**
 * The values of webhook-dispatcher's delivery log as its rows store them: a delivery's status
 * ({@code deliveries.status}) and an attempt's outcome ({@code delivery_attempts.outcome}), each
 * listed exactly by its column's check constraint. The dispatcher alone writes them and decides
 * their transitions; api-service reads them (through the dispatcher's views) for the delivery log,
 * the statistics, the portal's status, recover and the dead-letter replay. Shared, rather than
 * copied into each service, because a reader that does not know a stored value misreads it: both
 * must agree on every value. The rules about them (retries, what a request may ask for again) stay
 * in the service that applies them.
 */
package com.holidaylistings.integration.deliverylog;
