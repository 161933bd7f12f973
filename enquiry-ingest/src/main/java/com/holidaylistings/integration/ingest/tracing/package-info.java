/** Where the relay's spans are exported. */
package com.holidaylistings.integration.ingest.tracing;
