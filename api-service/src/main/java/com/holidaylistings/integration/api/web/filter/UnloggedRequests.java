package com.holidaylistings.integration.api.web.filter;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The requests the access log leaves out: the replica's own warm-up requests, told apart by
 * {@code warmup.WarmUpRequests}, which implements this. An interface here because the HTTP edge is
 * below every feature: the warm-up depends on the edge and on the features it exercises, never the
 * other way round.
 */
@FunctionalInterface
public interface UnloggedRequests {

    /** Whether {@code request} gets no access-log line. */
    boolean isUnlogged(HttpServletRequest request);
}
