/**
 * Housekeeping of the outbox, api-service's table: its rows are kept as long as redeliver and recover
 * may read an event from them, then deleted here. enquiry-ingest only reads the outbox (through the
 * publication); deleting a row never loses its event, which the replication slot holds in the WAL
 * until the relay has published it.
 */
package com.holidaylistings.integration.api.outbox;
