package com.holidaylistings.integration.api.attempts;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;

/**
 * A page of a hook's delivery log, newest first. {@code next}: the {@code before} cursor of the page
 * after it, null on the last. {@code newer}: whether attempts newer than the first exist, which only
 * the portal's "Newer" link asks.
 */
public record AttemptPage(
        List<DeliveryAttempt> deliveries,
        String next,
        @JsonIgnore boolean newer) {

    /** The cursor of the page before this one (newer attempts), null when this one is the newest. */
    @JsonIgnore
    public String previous() {
        return newer && !deliveries.isEmpty()
                ? AttemptCursor.of(deliveries.getFirst()).encode()
                : null;
    }
}
