/** One trace per enquiry: the current span's W3C context for the outbox row, and where spans are exported. */
package com.holidaylistings.integration.api.tracing;
