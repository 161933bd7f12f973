package com.holidaylistings.integration.dispatcher.attempt;

import com.holidaylistings.integration.dispatcher.tracing.TraceContinuation;
import com.holidaylistings.integration.dispatcher.transition.Delivery;
import com.holidaylistings.integration.dispatcher.transition.HttpOutcome;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * Each attempt of a delivery is a client span in its enquiry's trace, a child of the span that wrote
 * the record (the fan-out's send, the previous attempt's forward to a retry topic), or the row's
 * context when the row poller took it: the webhook-id, the attempt's number, and the receiver's status or the error. The
 * operational events the attempt decides keep its context, and are published in its trace. The receiver
 * is not told the trace: {@link WebhookSender}'s client is not instrumented and sends no
 * {@code traceparent}.
 */
@Component
class AttemptSpan {

    static final String NAME = "webhook delivery";
    static final String WEBHOOK_ID = "webhook.id";
    static final String ATTEMPT = "webhook.attempt";
    static final String STATUS = "http.response.status_code";
    static final String ERROR = "error";

    private final TraceContinuation traces;

    AttemptSpan(TraceContinuation traces) {
        this.traces = traces;
    }

    /** A started attempt span, in scope until closed: a failure's forward to its retry topic is its child. */
    Started start(Delivery delivery, String traceparent) {
        Span span = traces.clientSpan(NAME, traceparent)
                .tag(WEBHOOK_ID, delivery.webhookId())
                .tag(ATTEMPT, Integer.toString(delivery.attempts() + 1));
        Tracer.SpanInScope scope = traces.inScope(span);
        return new Started(span, scope, traces.traceparent(span));
    }

    /**
     * Runs {@code work} in the scope of {@code started}'s span, ended or not, on whatever thread: a
     * failure's forward to its retry topic, sent once the attempt is stored, is still its child.
     */
    <T> T inScopeOf(Started started, Supplier<T> work) {
        try (Tracer.SpanInScope scope = traces.inScope(started.span())) {
            return work.get();
        }
    }

    /** The span, its scope, and its context ({@code traceparent}), which the attempt's operational events keep. */
    record Started(Span span, Tracer.SpanInScope scope, String traceparent) implements AutoCloseable {

        void answered(HttpOutcome http) {
            if (http.status() != null) {
                span.tag(STATUS, Integer.toString(http.status()));
            }
            if (http.error() != null) {
                span.tag(ERROR, http.error());
            }
        }

        @Override
        public void close() {
            scope.close();
            span.end();
        }
    }
}
