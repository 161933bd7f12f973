/**
 * One trace per enquiry in the dispatcher: continuing a trace from a stored or received W3C
 * {@code traceparent}, and where spans are exported.
 */
package com.holidaylistings.integration.dispatcher.tracing;
