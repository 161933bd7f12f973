package com.holidaylistings.integration.dispatcher;

import static org.awaitility.Awaitility.await;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.springframework.boot.test.context.TestComponent;

/**
 * Keeps the ended spans of the traces a test watches, as they leave the dispatcher's tracer (one more
 * span processor beside Boot's exporting one), so that tests see the spans without any exporter.
 */
@TestComponent
public class SpanCapture implements SpanProcessor {

    private final Set<String> watched = ConcurrentHashMap.newKeySet();
    private final List<SpanData> ended = new CopyOnWriteArrayList<>();

    /** A new trace's {@code traceparent}, watched: as the relay's span in it would give it. */
    public String newTrace() {
        String traceId = UUID.randomUUID().toString().replace("-", "");
        watched.add(traceId);
        return "00-" + traceId + "-"
                + UUID.randomUUID().toString().substring(19).replace("-", "") + "-01";
    }

    /** The spans of {@code traceparent}'s trace that ended so far. */
    public List<SpanData> spans(String traceparent) {
        String traceId = traceparent.split("-")[1];
        return ended.stream().filter(span -> span.getTraceId().equals(traceId)).toList();
    }

    /** Waits until {@code traceparent}'s trace has a span matching {@code wanted}, and returns it. */
    public SpanData awaitSpan(String traceparent, Predicate<SpanData> wanted) {
        return await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> spans(traceparent).stream()
                                .filter(wanted)
                                .findFirst()
                                .orElse(null),
                        span -> span != null);
    }

    @Override
    public void onStart(Context parentContext, ReadWriteSpan span) {}

    @Override
    public boolean isStartRequired() {
        return false;
    }

    @Override
    public void onEnd(ReadableSpan span) {
        if (watched.contains(span.getSpanContext().getTraceId())) {
            ended.add(span.toSpanData());
        }
    }

    @Override
    public boolean isEndRequired() {
        return true;
    }

    @Override
    public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
    }
}
