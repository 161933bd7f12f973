/**
 * The warm-up before readiness: a freshly started replica runs its request path before it reports
 * ready, so that a rolling deploy sends traffic only to compiled code.
 */
package com.holidaylistings.integration.api.warmup;
