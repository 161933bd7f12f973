package com.holidaylistings.integration.dispatcher.transition;

import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import java.time.Instant;
import java.util.Map;

/**
 * One row of the attempt log: attempt {@code number} of a delivery, the request's headers as sent,
 * what the receiver answered (its status, headers, the first 4 KiB of its body, whether there was
 * more) or the error when it did not (or why it ended when the receiver asked), and what the receiver
 * asked with {@code webhook-delivery}.
 */
public record Attempt(
        Delivery delivery,
        int number,
        DeliveryOutcome outcome,
        Integer httpStatus,
        String error,
        long durationMs,
        String responseBody,
        boolean responseTruncated,
        Instant attemptedAt,
        Instant nextAttemptAt,
        Map<String, String> requestHeaders,
        Map<String, String> responseHeaders,
        DeliveryControl control) {}
