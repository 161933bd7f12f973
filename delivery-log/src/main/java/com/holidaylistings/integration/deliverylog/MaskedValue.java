package com.holidaylistings.integration.deliverylog;

/**
 * What a hook's custom header value is shown and stored as wherever it is not needed in full: in
 * the request headers of {@code delivery_attempts} (the dispatcher writes them, api-service shows
 * them in the attempt detail) and in api-service's answers about the headers it keeps.
 */
public final class MaskedValue {

    /** Four bullets: says that a value is there without saying anything of it. */
    public static final String MASK = "\u2022\u2022\u2022\u2022";

    private MaskedValue() {}
}
