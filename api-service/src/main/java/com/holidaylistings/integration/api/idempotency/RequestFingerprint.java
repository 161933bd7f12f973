package com.holidaylistings.integration.api.idempotency;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a request asks for, as a SHA-256 of the operation and the canonical JSON of the parsed
 * request (properties sorted, no whitespace). Bodies that parse to the same request (other
 * whitespace, another key order, an optional field sent as null or left out) have the same
 * fingerprint; any difference in a value gives another.
 */
public record RequestFingerprint(String sha256) {

    // Its own mapper: the fingerprint of a stored key must not change with the application's JSON settings.
    private static final JsonMapper CANONICAL = JsonMapper.builder()
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    /** The fingerprint of {@code request} (a parsed body) sent to {@code operation} ("POST /path"). */
    public static RequestFingerprint of(String operation, Object request) {
        byte[] canonical = CANONICAL.writeValueAsBytes(request);
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update(operation.getBytes(StandardCharsets.UTF_8));
            sha256.update((byte) '\n');
            return new RequestFingerprint(HexFormat.of().formatHex(sha256.digest(canonical)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
