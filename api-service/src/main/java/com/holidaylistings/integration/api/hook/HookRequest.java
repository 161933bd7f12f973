package com.holidaylistings.integration.api.hook;

import com.holidaylistings.integration.api.web.input.CanonicalUuid;
import com.holidaylistings.integration.api.web.input.FieldErrors;
import java.util.Optional;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The body of POST and DELETE /hooks/enquiries. {@code propertyId} is kept as sent: Jackson reads
 * {@code ""}, a blank string or a NUL character as a null UUID, and null means all properties, so a
 * bad value would widen the filter.
 */
record HookRequest(String targetUrl, JsonNode propertyId) {

    static final String PROPERTY_ID = "propertyId";

    /**
     * The property filter: null (all properties) only when the field is absent or null; anything
     * but a UUID string adds a field error and gives null, which the caller must not use.
     */
    UUID propertyFilter(FieldErrors errors) {
        if (propertyId == null || propertyId.isNull()) {
            return null;
        }
        Optional<UUID> id = propertyId.isString() ? CanonicalUuid.parse(propertyId.asString()) : Optional.empty();
        if (id.isEmpty()) {
            errors.add(PROPERTY_ID, "must be a UUID");
        }
        return id.orElse(null);
    }
}
