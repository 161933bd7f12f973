package com.holidaylistings.integration.devstack.services;

import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.Secrets;
import java.util.List;
import java.util.Map;

/** STUB: to be written. */
public final class ServiceModules {

    private ServiceModules() {}

    /** The services whose module exists in the checkout, in start order. */
    public static List<String> present(LocalStack stack) {
        throw new UnsupportedOperationException();
    }
}
