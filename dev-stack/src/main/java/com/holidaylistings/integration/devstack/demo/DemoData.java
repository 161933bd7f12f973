package com.holidaylistings.integration.devstack.demo;

/** The demo owner, property and token that dev/up.sh seeds once ({@code .dev/seed.env}); empty fields when none. */
public record DemoData(String ownerId, String propertyId, String token) {

    public static final DemoData NONE = new DemoData("", "", "");

    public boolean exists() {
        return !token.isEmpty();
    }
}
