package com.holidaylistings.integration.api.support;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/** Request bodies as the listing site and integrations send them. */
public final class Fixtures {

    private Fixtures() {}

    /** A valid guest enquiry, as a mutable map so that a test can break one field. */
    public static Map<String, Object> anEnquiry(UUID propertyId) {
        Map<String, Object> party = new HashMap<>(Map.of(
                "group_size", 4,
                "check_in", "2027-08-01",
                "check_out", "2027-08-08",
                "occasion", "Family holiday"));
        return new HashMap<>(Map.of(
                "property_id", propertyId.toString(),
                "subject", "Summer week",
                "message", "Is the cottage free in August?",
                "user_name", "Ada Guest",
                "user_email", "ada@example.org",
                "party_details", party));
    }

    /** The body of {@code POST /hooks/enquiries}: a target URL, for one property or (null) all of them. */
    public static Map<String, Object> aHook(String targetUrl, UUID propertyId) {
        Map<String, Object> body = new HashMap<>();
        body.put("targetUrl", targetUrl);
        body.put("propertyId", propertyId == null ? null : propertyId.toString());
        return body;
    }
}
