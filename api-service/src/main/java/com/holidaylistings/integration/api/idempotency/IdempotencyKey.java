package com.holidaylistings.integration.api.idempotency;

import com.holidaylistings.integration.api.web.error.InvalidRequest;
import java.util.List;
import java.util.Optional;

/**
 * The caller's {@code Idempotency-Key}: 1 to 255 visible ASCII characters, taken exactly as sent
 * (quotes of a structured-field string included). A UUID per request is what callers should send.
 */
public record IdempotencyKey(String value) {

    public static final String HEADER = "Idempotency-Key";
    static final int MAX_LENGTH = 255;

    public IdempotencyKey {
        if (!isValid(value)) {
            throw InvalidRequest.of(HEADER, "must be 1 to " + MAX_LENGTH + " visible ASCII characters");
        }
    }

    /** The key of a request from its header values: none when absent; 400 when invalid or sent twice. */
    public static Optional<IdempotencyKey> fromHeader(List<String> values) {
        if (values.isEmpty()) {
            return Optional.empty();
        }
        if (values.size() > 1) {
            throw InvalidRequest.of(HEADER, "must be given once");
        }
        return Optional.of(new IdempotencyKey(values.getFirst()));
    }

    private static boolean isValid(String value) {
        return value != null
                && !value.isEmpty()
                && value.length() <= MAX_LENGTH
                && value.chars().allMatch(c -> c >= 0x21 && c <= 0x7e);
    }
}
