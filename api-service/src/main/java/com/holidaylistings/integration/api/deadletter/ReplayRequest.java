package com.holidaylistings.integration.api.deadletter;

import com.holidaylistings.integration.api.web.input.CanonicalUuid;
import com.holidaylistings.integration.api.web.input.FieldErrors;
import com.holidaylistings.integration.api.web.input.IsoTimestamp;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Which abandoned deliveries to replay: of one owner, of one hook, submitted at or after
 * {@code since}; each filter optional, none meaning every abandoned delivery.
 */
record ReplayRequest(Optional<OwnerId> owner, Optional<SubscriptionId> hook, Optional<Instant> since) {

    static final Set<String> FIELDS = Set.of("owner_id", "hook_id", "since");

    /**
     * Reads the JSON body. A field that is not one of {@link #FIELDS} is refused rather than ignored:
     * a misspelt filter would otherwise replay every owner's dead letters.
     */
    static ReplayRequest of(Map<String, Object> body) {
        FieldErrors errors = new FieldErrors();
        for (String field : new TreeSet<>(body.keySet())) {
            if (!FIELDS.contains(field)) {
                errors.add(field, "is not a field of this request (owner_id, hook_id, since)");
            }
        }
        Optional<OwnerId> owner = read(
                body,
                "owner_id",
                errors,
                value -> CanonicalUuid.parse(value).map(OwnerId::new),
                "must be an owner id (a UUID)");
        Optional<SubscriptionId> hook = read(
                body,
                "hook_id",
                errors,
                value -> CanonicalUuid.parse(value).map(SubscriptionId::new),
                "must be a hook id (a UUID)");
        Optional<Instant> since = read(body, "since", errors, IsoTimestamp::parse, IsoTimestamp.MUST_BE);
        errors.throwIfAny();
        return new ReplayRequest(owner, hook, since);
    }

    /** A field's value parsed, empty when it is absent or null; a string that does not parse is an error. */
    private static <T> Optional<T> read(
            Map<String, Object> body,
            String field,
            FieldErrors errors,
            Function<String, Optional<T>> parse,
            String mustBe) {
        Object value = body.get(field);
        if (value == null) {
            return Optional.empty();
        }
        Optional<T> parsed = value instanceof String text ? parse.apply(text) : Optional.empty();
        if (parsed.isEmpty()) {
            errors.add(field, mustBe);
        }
        return parsed;
    }
}
