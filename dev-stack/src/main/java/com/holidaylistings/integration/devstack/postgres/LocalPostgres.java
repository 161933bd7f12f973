package com.holidaylistings.integration.devstack.postgres;

import com.holidaylistings.integration.devstack.LocalStack;

/** STUB: to be written. */
public final class LocalPostgres {

    private LocalPostgres() {}

    /** Starts the local PostgreSQL unless it runs (or uses SPRING_DATASOURCE_URL); sets stack.database(). */
    public static void start(LocalStack stack) {
        throw new UnsupportedOperationException();
    }

    /** Stops the local PostgreSQL (fast shutdown), if it runs. */
    public static void stop(LocalStack stack) {
        throw new UnsupportedOperationException();
    }
}
