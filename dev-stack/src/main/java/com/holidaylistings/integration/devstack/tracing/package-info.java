/**
 * DEV_TRACING=1: Zipkin's server beside the local stack, which the services export their spans to, and
 * its address for .dev/stack.env.
 */
package com.holidaylistings.integration.devstack.tracing;
