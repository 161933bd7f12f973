/** Housekeeping of the outbox table. */
package com.holidaylistings.integration.ingest.outbox;
