package com.holidaylistings.integration.dispatcher.fanout;

import com.holidaylistings.integration.dispatcher.tracing.TraceContinuation;
import io.micrometer.observation.Observation;
import org.springframework.stereotype.Component;

/**
 * The fan-out of one event as a span in its enquiry's trace, a child of the relay's publish (the
 * record's {@code traceparent} header). The fan-out listener takes a poll's events as one batch, which
 * Spring Kafka's listener observation does not cover: each event's span is started here.
 */
@Component
class FanOutObservation {

    static final String NAME = "webhook.fan-out";

    private final TraceContinuation traces;

    FanOutObservation(TraceContinuation traces) {
        this.traces = traces;
    }

    Started start(DeliveryFanOut.Event event) {
        Observation observation = traces.continuing(NAME, "enquiry fan-out", event.traceparent())
                .highCardinalityKeyValue(
                        "enquiry.id", event.enquiry().enquiryId().toString())
                .highCardinalityKeyValue("event.id", event.eventId().toString())
                .start();
        return new Started(observation, observation.scoped(traces::current));
    }

    /** A started fan-out span and its context, which the event's delivery rows and first records keep. */
    record Started(Observation observation, String traceparent) {

        void failed(Throwable error) {
            observation.error(error);
        }

        void stop() {
            observation.stop();
        }
    }
}
