package com.holidaylistings.integration.api.hook;

import java.util.UUID;

/** A hook (the spec's webhook subscription, section 2) as the API shows it: camelCase, as the spec writes it. */
record Hook(UUID id, String targetUrl, UUID propertyId, String event) {}
