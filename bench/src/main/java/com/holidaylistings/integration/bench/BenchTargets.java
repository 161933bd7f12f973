package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver.Answer;
import java.time.Duration;

/**
 * The benchmarks' webhook targets, on one receiver in the load generator's process so that one
 * clock times both ends. A target path says how it answers ({@link Kind}): {@code /ok/…} at once
 * with 204, {@code /fail/…} at once with 500, {@code /slow/…} with 204 after {@link #SLOW}, within
 * the dispatcher's timeout, {@code /hang/…} only after {@link #HANG}, past it. A delivery is the
 * first arrival of an enquiry at an {@code /ok/…} (or {@code /slow/…}) path.
 */
final class BenchTargets {

    /** Longer than the dispatcher's default timeout (10 s). */
    static final Duration HANG = Duration.ofSeconds(15);
    /** Slow, but within the dispatcher's default timeout. */
    static final Duration SLOW = Duration.ofSeconds(5);

    /** How a target answers, by the prefix of its path. */
    enum Kind {
        OK("/ok/", "204 at once"),
        FAIL("/fail/", "500 at once"),
        SLOW("/slow/", "204 after " + BenchTargets.SLOW.toSeconds() + " s"),
        HANG("/hang/", "204 after " + BenchTargets.HANG.toSeconds() + " s, past the dispatcher's timeout");

        private final String prefix;
        private final String answer;

        Kind(String prefix, String answer) {
            this.prefix = prefix;
            this.answer = answer;
        }

        /** The path prefix that answers so: {@code /ok/}, say. */
        String prefix() {
            return prefix;
        }

        /** How it answers, for the reports. */
        String answer() {
            return answer;
        }
    }

    private BenchTargets() {}

    static WebhookReceiver receiver() {
        WebhookReceiver receiver = WebhookReceiver.forLoad();
        receiver.answerUnder(Kind.OK.prefix(), Answer.status(204));
        receiver.answerUnder(Kind.FAIL.prefix(), Answer.status(500));
        receiver.answerUnder(Kind.SLOW.prefix(), Answer.status(204).after(SLOW));
        receiver.answerUnder(Kind.HANG.prefix(), Answer.status(204).after(HANG));
        return receiver;
    }
}
