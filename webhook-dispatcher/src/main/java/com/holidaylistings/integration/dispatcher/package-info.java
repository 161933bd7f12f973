/**
 * webhook-dispatcher: fans each {@code enquiry.created} event out to the matching subscriptions
 * and delivers it to each, signed, with delay-topic retries, an attempt log, and isolation of slow
 * receivers.
 */
package com.holidaylistings.integration.dispatcher;
