package com.holidaylistings.integration.devstack.services;

import com.holidaylistings.integration.devstack.LocalStack;
import java.util.List;

/** STUB: to be written. */
public final class ServiceModules {

    private ServiceModules() {}

    /** The services whose module exists in the checkout, in start order. */
    public static List<String> present(LocalStack stack) {
        throw new UnsupportedOperationException();
    }
}
