package com.holidaylistings.integration.dispatcher.attempt;

import java.io.IOException;
import org.apache.hc.client5.http.HttpRequestRetryStrategy;
import org.apache.hc.core5.http.EndpointDetails;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.apache.hc.core5.util.TimeValue;

/**
 * Sends a webhook again, at once, when its connection closed without an answer
 * ({@link NoHttpResponseException}): most often a kept-alive connection the receiver had just
 * closed, which the receiver never read from, and otherwise a receiver that dropped the request,
 * which at-least-once delivery allows sending again (the same {@code webhook-id}).
 * <ul>
 * <li>On a connection that had carried earlier exchanges (a kept-alive one), up to
 * {@link #MAX_SENDS} sends in all: a receiver that closes many idle connections at once (one
 * that keeps only so many open, as the JDK's own server does) leaves several of them in the pool,
 * and each send on one of them fails the same way before the pool opens a fresh one.</li>
 * <li>On a fresh connection, one more send only: a receiver that takes requests and drops them is
 * not sent each one eight times.</li>
 * </ul>
 * Without it such a delivery failed and waited for its retry a minute later, and with one more send
 * only, many still did under the traffic mix's burst (docs/benchmarks/mix.md). Nothing else is
 * retried here: every other failure and every answer follows the schedule.
 */
final class NoAnswerRetry implements HttpRequestRetryStrategy {

    /** Sends of one attempt at most while each failed on a kept-alive connection. */
    static final int MAX_SENDS = 8;

    @Override
    public boolean retryRequest(HttpRequest request, IOException exception, int execCount, HttpContext context) {
        if (!(exception instanceof NoHttpResponseException)) {
            return false;
        }
        return execCount == 1 || (execCount < MAX_SENDS && keptAlive(context));
    }

    /** Whether the connection that failed had carried an exchange before this one. */
    private static boolean keptAlive(HttpContext context) {
        EndpointDetails connection = HttpCoreContext.cast(context).getEndpointDetails();
        return connection != null && connection.getRequestCount() > 1;
    }

    @Override
    public boolean retryRequest(HttpResponse response, int execCount, HttpContext context) {
        return false;
    }

    @Override
    public TimeValue getRetryInterval(HttpResponse response, int execCount, HttpContext context) {
        return TimeValue.ZERO_MILLISECONDS;
    }
}
