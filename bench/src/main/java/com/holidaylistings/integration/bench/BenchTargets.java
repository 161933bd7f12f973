package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.testsupport.WebhookReceiver;
import com.holidaylistings.integration.testsupport.WebhookReceiver.Answer;
import java.time.Duration;

/**
 * The benchmarks' webhook targets, on one receiver in the load generator's process so that one
 * clock times both ends. A target path says how it answers: {@code /ok/…} at once with 204,
 * {@code /fail/…} at once with 500, {@code /hang/…} only after {@link #HANG}, past the
 * dispatcher's timeout. A delivery is the first arrival of an enquiry at an {@code /ok/…} path.
 */
final class BenchTargets {

    /** Longer than the dispatcher's default timeout (10 s). */
    static final Duration HANG = Duration.ofSeconds(15);

    private BenchTargets() {
    }

    static WebhookReceiver receiver() {
        WebhookReceiver receiver = WebhookReceiver.forLoad();
        receiver.answerUnder("/ok/", Answer.status(204));
        receiver.answerUnder("/fail/", Answer.status(500));
        receiver.answerUnder("/hang/", Answer.status(204).after(HANG));
        return receiver;
    }
}
