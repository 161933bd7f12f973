package com.holidaylistings.integration.api.subscription;

import java.util.UUID;

/** The body of POST and DELETE /hooks/enquiries. */
record SubscriptionRequest(String targetUrl, UUID propertyId) {}
