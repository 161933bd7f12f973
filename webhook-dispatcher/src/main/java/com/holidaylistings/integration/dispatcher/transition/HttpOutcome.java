package com.holidaylistings.integration.dispatcher.transition;

import java.time.Duration;
import java.util.Map;

/**
 * What one POST to a receiver came to: a status (null if none arrived), the first 4 KiB of the
 * response body and whether it had more, the error when there was no answer, the time it took,
 * Retry-After if given, what the receiver asked with {@code webhook-delivery} ({@link DeliveryControl});
 * and for the owner's attempt detail, the request's headers as sent (empty when
 * nothing was sent) and the response's (empty when none came), names in lower case.
 */
public record HttpOutcome(
        Integer status,
        String body,
        boolean bodyTruncated,
        String error,
        Duration duration,
        Duration retryAfter,
        Map<String, String> requestHeaders,
        Map<String, String> responseHeaders,
        DeliveryControl control) {

    public HttpOutcome {
        requestHeaders = requestHeaders == null ? Map.of() : requestHeaders;
        responseHeaders = responseHeaders == null ? Map.of() : responseHeaders;
        control = control == null ? DeliveryControl.NONE : control;
    }

    /** An answer that asked nothing with {@code webhook-delivery}. */
    public HttpOutcome(
            Integer status,
            String body,
            boolean bodyTruncated,
            String error,
            Duration duration,
            Duration retryAfter,
            Map<String, String> requestHeaders,
            Map<String, String> responseHeaders) {
        this(
                status,
                body,
                bodyTruncated,
                error,
                duration,
                retryAfter,
                requestHeaders,
                responseHeaders,
                DeliveryControl.NONE);
    }

    /** An answer, headers not kept. */
    public HttpOutcome(
            Integer status, String body, boolean bodyTruncated, String error, Duration duration, Duration retryAfter) {
        this(status, body, bodyTruncated, error, duration, retryAfter, Map.of(), Map.of());
    }

    public boolean succeeded() {
        return status != null && status >= 200 && status < 300;
    }

    public boolean gone() {
        return status != null && status == 410;
    }

    /** Why a delivery failed, as the attempt log says it. */
    public String failureReason() {
        return error != null ? error : "HTTP " + status;
    }

    /** No request was made: the guard or the URL refused it. */
    public static HttpOutcome notSent(String reason) {
        return new HttpOutcome(null, null, false, reason, Duration.ZERO, null);
    }

    public static HttpOutcome noAnswer(String error, Duration took, Map<String, String> requestHeaders) {
        return new HttpOutcome(null, null, false, error, took, null, requestHeaders, Map.of());
    }
}
