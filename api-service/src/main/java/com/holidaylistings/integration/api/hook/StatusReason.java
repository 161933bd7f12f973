package com.holidaylistings.integration.api.hook;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

/**
 * Why a hook shows the status it shows, as a sentence for its owner: the display status alone does
 * not say whether an Inactive hook was paused by the owner, turned off by the dispatcher after days of
 * failure or because its receiver asked ({@code webhook-delivery: disable}), or unsubscribed by its receiver, nor what its failures were. Null for a working hook.
 */
record StatusReason(
        DisplayStatus status,
        boolean paused,
        String unsubscribeReason,
        Instant disabledAt,
        boolean disabledByReceiver,
        Instant firstFailureAt,
        int consecutiveFailures,
        Integer lastHttpStatus,
        String lastError) {

    String sentence() {
        if (DeliveryRefusal.GONE_REASON.equals(unsubscribeReason)) {
            return "The receiver answered 410 Gone, so it was unsubscribed.";
        }
        if (unsubscribeReason != null) {
            return "Removed by your integration: nothing is sent to it.";
        }
        if (paused && disabledAt != null && disabledByReceiver) {
            return "Turned off on " + disabledAt.atZone(ZoneOffset.UTC).toLocalDate()
                    + ": the receiver asked to stop receiving (webhook-delivery: disable).";
        }
        if (paused && disabledAt != null) {
            return "Turned off on " + disabledAt.atZone(ZoneOffset.UTC).toLocalDate() + " after failing for "
                    + failingFor() + " without a success" + lastAnswer("last answer") + ".";
        }
        if (paused) {
            return "Paused: nothing is sent until it is resumed.";
        }
        if (status == DisplayStatus.Failed) {
            String attempts =
                    consecutiveFailures <= 1 ? "The last attempt" : "The last " + consecutiveFailures + " attempts";
            return consecutiveFailures == 0
                    ? "Deliveries are failing" + lastAnswer("last answer") + "."
                    : attempts + " failed" + lastAnswer(null) + ".";
        }
        return null;
    }

    /** Whole days from the first failure to the disabling; "days" when the first failure is not known. */
    private String failingFor() {
        if (firstFailureAt == null) {
            return "days";
        }
        long days = Math.max(1, Duration.between(firstFailureAt, disabledAt).toDays());
        return days == 1 ? "1 day" : days + " days";
    }

    /** " (HTTP 503)", " (connection refused)" or nothing, with a label when given. */
    private String lastAnswer(String label) {
        String answer = lastHttpStatus != null ? "HTTP " + lastHttpStatus : lastError;
        if (answer == null) {
            return "";
        }
        return " (" + (label == null ? "" : label + ": ") + answer + ")";
    }
}
