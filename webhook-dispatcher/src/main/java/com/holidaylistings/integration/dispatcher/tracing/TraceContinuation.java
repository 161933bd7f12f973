package com.holidaylistings.integration.dispatcher.tracing;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.transport.ReceiverContext;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.TraceContext;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Continues an enquiry's trace from the W3C {@code traceparent} a record or a row carries, and gives
 * the context of the span in scope to store with what is written next. Kafka sends made inside a
 * continuing observation carry it on themselves (the template's observation writes their header).
 */
@Component
public class TraceContinuation {

    public static final String TRACEPARENT = "traceparent";

    private final ObservationRegistry registry;
    private final Tracer tracer;
    private final Propagator propagator;

    TraceContinuation(ObservationRegistry registry, Tracer tracer, Propagator propagator) {
        this.registry = registry;
        this.tracer = tracer;
        this.propagator = propagator;
    }

    /**
     * A consumer's observation whose span is a child of {@code traceparent}'s (the root of a new trace
     * when it is null or unreadable).
     */
    public Observation continuing(String name, String contextualName, String traceparent) {
        ReceiverContext<String> context =
                new ReceiverContext<>((carrier, key) -> TRACEPARENT.equals(key) ? carrier : null);
        context.setCarrier(traceparent);
        return Observation.createNotStarted(name, () -> context, registry).contextualName(contextualName);
    }

    /** A client span (of a call that must not carry the context itself) under {@code traceparent}'s span. */
    public Span clientSpan(String name, String traceparent) {
        Span.Builder builder = traceparent == null
                ? tracer.spanBuilder()
                : propagator.extract(Map.of(TRACEPARENT, traceparent), (carrier, key) -> carrier.get(key));
        return builder.name(name).kind(Span.Kind.CLIENT).start();
    }

    /** Makes {@code span} the current one until the scope is closed. */
    public Tracer.SpanInScope inScope(Span span) {
        return tracer.withSpan(span);
    }

    /** The {@code traceparent} of the span in scope; null outside any. */
    public String current() {
        Span span = tracer.currentSpan();
        return span == null ? null : traceparent(span);
    }

    /**
     * The W3C {@code traceparent} of {@code span} (version 00), written directly: the propagator's
     * inject into a map cost a few per cent of a burst's delivery, one per attempt. Null for a span
     * that records nothing (tracing off).
     */
    public String traceparent(Span span) {
        if (span.isNoop()) {
            return null;
        }
        TraceContext context = span.context();
        return "00-" + context.traceId() + "-" + context.spanId()
                + (Boolean.TRUE.equals(context.sampled()) ? "-01" : "-00");
    }
}
