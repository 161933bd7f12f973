package com.holidaylistings.integration.api.quota;

import com.holidaylistings.integration.api.web.error.TooManyRequests;

/**
 * An owner asked for more of one kind of request than its quota allows in a minute; answered 429
 * {@code {"error", "retryAfter"}} with {@code Retry-After}, and nothing was done.
 */
public class QuotaExceeded extends TooManyRequests {

    private final OwnerQuota quota;
    private final int perMinute;

    QuotaExceeded(OwnerQuota quota, int perMinute, int retryAfterSeconds) {
        super("Quota exceeded: at most " + perMinute + " " + quota.words() + " a minute", retryAfterSeconds);
        this.quota = quota;
        this.perMinute = perMinute;
    }

    /** The refusal as the portal says it to a person. */
    public String inWords() {
        int seconds = retryAfterSeconds();
        return "you have reached the limit of " + perMinute + " " + quota.words() + " a minute; try again in " + seconds
                + (seconds == 1 ? " second" : " seconds");
    }
}
