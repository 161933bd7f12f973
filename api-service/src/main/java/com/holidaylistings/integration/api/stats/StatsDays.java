package com.holidaylistings.integration.api.stats;

import com.holidaylistings.integration.api.web.error.InvalidRequest;

/** The {@code days} of a hook's statistics: 1 to 30, today (UTC) included; 7 when absent. */
record StatsDays(int value) {

    static final int DEFAULT = 7;
    static final int MAX = 30;

    static StatsDays parse(String days) {
        if (days == null) {
            return new StatsDays(DEFAULT);
        }
        try {
            int value = Integer.parseInt(days.strip());
            if (value >= 1 && value <= MAX) {
                return new StatsDays(value);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw InvalidRequest.of("days", "must be an integer between 1 and " + MAX);
    }
}
