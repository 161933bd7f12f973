/**
 * The warm-up before readiness: a freshly started replica runs its request path before it reports
 * ready, so that a rolling deploy sends traffic only to compiled code. It sits above the features it
 * exercises and the HTTP edge; the edge learns which requests are the warm-up's through
 * {@code web.filter.UnloggedRequests}, which {@link WarmUpRequests} implements.
 */
package com.holidaylistings.integration.api.warmup;
