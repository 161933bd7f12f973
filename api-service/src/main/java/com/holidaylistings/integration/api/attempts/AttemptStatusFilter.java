package com.holidaylistings.integration.api.attempts;

import com.holidaylistings.integration.api.web.input.FieldErrors;
import com.holidaylistings.integration.deliverylog.DeliveryOutcome;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The {@code status} filter of a hook's delivery log, in the owner's words: a failed attempt is one
 * the receiver did not take, whether it is retried (failed) or ended the subscription (gone).
 */
public enum AttemptStatusFilter {
    SUCCEEDED(DeliveryOutcome.SUCCEEDED),
    FAILED(DeliveryOutcome.FAILED, DeliveryOutcome.GONE),
    ABANDONED(DeliveryOutcome.ABANDONED);

    private final List<String> outcomes;

    AttemptStatusFilter(DeliveryOutcome... outcomes) {
        this.outcomes = Arrays.stream(outcomes).map(DeliveryOutcome::value).toList();
    }

    /** The stored outcomes it keeps. */
    List<String> outcomes() {
        return outcomes;
    }

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Null for no filter (absent or empty); a value that is none of them is added to {@code errors}. */
    public static AttemptStatusFilter parse(String value, FieldErrors errors) {
        if (value == null || value.isBlank()) {
            return null;
        }
        AttemptStatusFilter filter = Arrays.stream(values())
                .filter(f -> f.value().equals(value.strip()))
                .findFirst()
                .orElse(null);
        if (filter == null) {
            errors.add("status", "must be one of succeeded, failed, abandoned");
        }
        return filter;
    }
}
