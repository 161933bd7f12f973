package com.holidaylistings.integration.api.hook;

import java.util.UUID;

/** A webhook subscription as the API shows it (spec section 2): camelCase, as the spec writes it. */
record Subscription(UUID id, String targetUrl, UUID propertyId, String event) {}
