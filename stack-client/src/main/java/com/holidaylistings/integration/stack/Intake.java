package com.holidaylistings.integration.stack;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The listing site's intake client, as the listing site should behave: every guest's enquiry gets
 * an {@code Idempotency-Key} of its own and is sent again, with the same key, until the intake
 * takes it: after a connection error or a timeout (the answer may have been lost), a 503 (an
 * outage: after its {@code Retry-After}), a 409 (an earlier copy still in progress) or another
 * 5xx. A copy that arrives after the first was accepted is answered the first answer, so no
 * enquiry is ever created twice. Without a {@code Retry-After} it waits longer after each failure
 * (250 ms doubling up to 5 s, with jitter), so that many waiting submissions do not all come back
 * at once to a service that has just restarted.
 */
public final class Intake {

    private static final Duration FIRST_PAUSE = Duration.ofMillis(250);
    private static final Duration LONGEST_PAUSE = Duration.ofSeconds(5);

    private Intake() {}

    /**
     * An enquiry the intake accepted: its id, whether the accepting answer was the first one given
     * again ({@code Idempotent-Replayed}), the key, and each failed send before it (its HTTP status,
     * or the simple name of the exception).
     */
    public record Accepted(UUID enquiryId, boolean replayed, String idempotencyKey, List<String> failures) {}

    /** Submits a guest's enquiry about {@code propertyId}, trying for at most {@code giveUpAfter}. */
    public static Accepted submit(UUID propertyId, String subject, Duration giveUpAfter) {
        String key = UUID.randomUUID().toString();
        List<String> failures = new ArrayList<>();
        long deadline = System.nanoTime() + giveUpAfter.toNanos();
        while (true) {
            Duration pause;
            try {
                Api.Answer answer = Api.submitEnquiry(propertyId, subject, key);
                if (answer.status() == 201) {
                    UUID id = UUID.fromString(
                            answer.body().get("enquiry").get("id").asString());
                    return new Accepted(
                            id, "true".equals(answer.header("Idempotent-Replayed")), key, List.copyOf(failures));
                }
                if (answer.status() != 409 && answer.status() < 500) {
                    throw new IllegalStateException(
                            "the intake refused \"" + subject + "\": " + answer.status() + " " + answer.body());
                }
                failures.add(Integer.toString(answer.status()));
                pause = retryAfter(answer).orElseGet(() -> backoff(failures.size()));
            } catch (IOException e) {
                failures.add(e.getClass().getSimpleName());
                pause = backoff(failures.size());
            }
            if (System.nanoTime() + pause.toNanos() > deadline) {
                throw new IllegalStateException("\"" + subject + "\" could not be submitted within " + giveUpAfter
                        + "; failed sends: " + failures);
            }
            LockSupport.parkNanos(pause.toNanos());
        }
    }

    /** The answer's {@code Retry-After} in seconds, at most {@link #LONGEST_PAUSE}. */
    private static Optional<Duration> retryAfter(Api.Answer answer) {
        String value = answer.header("Retry-After");
        if (value == null || !value.matches("\\d{1,6}")) {
            return Optional.empty();
        }
        Duration asked = Duration.ofSeconds(Long.parseLong(value));
        return Optional.of(asked.compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : asked);
    }

    /** 250 ms doubling with each failure up to 5 s, less a random part of up to a half. */
    private static Duration backoff(int failures) {
        long longest = Math.min(LONGEST_PAUSE.toMillis(), FIRST_PAUSE.toMillis() << Math.min(failures - 1, 10));
        return Duration.ofMillis(longest / 2 + ThreadLocalRandom.current().nextLong(longest / 2 + 1));
    }
}
