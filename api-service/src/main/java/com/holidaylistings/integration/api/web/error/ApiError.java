package com.holidaylistings.integration.api.web.error;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/** Every error body of the API: {@code {"error", "details": {"fieldErrors"}}}, or 429's {@code retryAfter}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApiError(String error, Details details, Integer retryAfter) {

    public static final String UNAUTHORIZED = "Unauthorized";
    public static final String FORBIDDEN = "Forbidden";
    public static final String NOT_FOUND = "Not found";
    public static final String INVALID_REQUEST = "Invalid request";
    public static final String INTERNAL = "Internal server error";
    public static final String SERVICE_UNAVAILABLE = "Service unavailable";

    public record Details(Map<String, List<String>> fieldErrors) {}

    public static ApiError of(String error) {
        return new ApiError(error, null, null);
    }

    public static ApiError invalid(String error, Map<String, List<String>> fieldErrors) {
        return new ApiError(error, new Details(fieldErrors), null);
    }

    public static ApiError rateLimited(int retryAfterSeconds) {
        return new ApiError("Rate limit exceeded", null, retryAfterSeconds);
    }

    /** The 429 of a request refused for now ({@link TooManyRequests}), with the seconds to wait. */
    public static ApiError retryLater(String error, int retryAfterSeconds) {
        return new ApiError(error, null, retryAfterSeconds);
    }

    /** The 429 of a client address blocked after too many failed authentications: the rate limit's shape. */
    public static ApiError tooManyFailedAuthentications(int retryAfterSeconds) {
        return new ApiError("Too many failed authentications", null, retryAfterSeconds);
    }

    /** The body for a status that has no more specific message. */
    public static ApiError forStatus(int status) {
        return of(
                switch (status) {
                    case 400 -> INVALID_REQUEST;
                    case 401 -> UNAUTHORIZED;
                    case 403 -> FORBIDDEN;
                    case 404 -> NOT_FOUND;
                    case 405 -> "Method not allowed";
                    case 406 -> "Not acceptable";
                    case 413 -> "Payload too large";
                    case 415 -> "Unsupported media type";
                    case 429 -> "Rate limit exceeded";
                    case 503 -> SERVICE_UNAVAILABLE;
                    default -> status < 500 ? INVALID_REQUEST : INTERNAL;
                });
    }
}
