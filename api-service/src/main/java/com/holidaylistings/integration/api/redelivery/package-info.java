/**
 * An owner's requests for deliveries to a hook: a test event, a new delivery of one event, and the
 * recovery of the events the hook missed. api-service checks each against its own rows and the
 * dispatcher's read contract, then writes delivery commands to its outbox in the same transaction;
 * webhook-dispatcher alone carries them out. Which events a hook receives is the spec's rule,
 * applied by the dispatcher's fan-out to what it delivers and by {@code Redeliveries} here to what an
 * owner may ask for again (404 otherwise); each checks its own side and neither needs the other's
 * code.
 */
package com.holidaylistings.integration.api.redelivery;
