package com.holidaylistings.integration.api.attempts;

import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/**
 * One attempt in full: the request exactly as sent and what the receiver answered, so that an owner
 * can see why their receiver refused it (a signature it could not check, a body it could not parse).
 * {@code response} is null when no answer came (a timeout, a refused connection).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record AttemptDetail(
        String attemptId,
        String webhookId,
        UUID enquiryId,
        int attempt,
        String status,
        Instant attemptedAt,
        Integer durationMs,
        String error,
        boolean test,
        Request request,
        Response response) {

    /**
     * The request: the hook's URL (which never changes), the headers sent (null for attempts logged
     * before they were kept) and the event's payload (null once retention dropped it).
     */
    public record Request(String url, JsonNode headers, String body) {}

    /** The answer: its status, headers (lower-case names) and the first 4 KiB of its body as text. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Response(int httpStatus, JsonNode headers, String body, boolean bodyTruncated) {}
}
