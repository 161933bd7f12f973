package com.holidaylistings.integration.dispatcher;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.EnquiryEvents;
import com.holidaylistings.integration.events.PartyDetails;
import com.holidaylistings.integration.testsupport.TestKafka;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import tools.jackson.databind.json.JsonMapper;

/** Publishes {@code enquiry.created} records exactly as enquiry-ingest does. */
public final class Events implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final KafkaProducer<String, String> producer;

    /** On the test JVM's shared broker. */
    public Events() {
        this(TestKafka.bootstrapServers());
    }

    public Events(String bootstrapServers) {
        producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.ACKS_CONFIG,
                "all"));
    }

    /** What was published; {@code requestId} is the intake request's id, as the record's request-id header carries it. */
    public record Published(UUID enquiryId, String eventId, String payload, String requestId, Instant publishedAt) {}

    public Published enquiryOn(UUID propertyId) {
        return publish(anEnquiryOn(propertyId));
    }

    /** A new enquiry on the property, as a guest submits it. */
    public static EnquiryCreated anEnquiryOn(UUID propertyId) {
        return EnquiryCreated.of(
                UUID.randomUUID(),
                propertyId,
                "Seaview Cottage",
                "https://www.holidaylistings.example/properties/seaview",
                "owner@example.com",
                "Summer week",
                "Is it free in August?",
                Instant.now().truncatedTo(ChronoUnit.MICROS),
                "Ada Guest",
                "ada@example.org",
                new PartyDetails(4, LocalDate.parse("2027-08-01"), LocalDate.parse("2027-08-08"), "Family holiday"));
    }

    /** The event's payload, serialized as enquiry-ingest serializes it. */
    public static String payloadOf(EnquiryCreated event) {
        return JSON.writeValueAsString(event);
    }

    /** Publishes the event with a new event id, serialized as enquiry-ingest serializes it. */
    public Published publish(EnquiryCreated event) {
        return publish(event.enquiryId(), UUID.randomUUID().toString(), payloadOf(event));
    }

    /** Publishes the record of an earlier publication again, as a relay does after a crash. */
    public Published publishAgain(Published earlier) {
        return publish(earlier.enquiryId(), earlier.eventId(), earlier.payload());
    }

    /** Publishes the event as the relay does in an enquiry's trace: {@code traceparent} names the relay's span. */
    public Published publishInTrace(EnquiryCreated event, String traceparent) {
        return publish(event.enquiryId(), UUID.randomUUID().toString(), payloadOf(event), traceparent);
    }

    /** Publishes a record again, as a relay does after a crash. */
    public Published publish(UUID enquiryId, String eventId, String payload) {
        return publish(enquiryId, eventId, payload, null);
    }

    private Published publish(UUID enquiryId, String eventId, String payload, String traceparent) {
        ProducerRecord<String, String> record =
                new ProducerRecord<>(EnquiryEvents.TOPIC, enquiryId.toString(), payload);
        if (traceparent != null) {
            record.headers().add(EnquiryEvents.TRACEPARENT_HEADER, traceparent.getBytes(StandardCharsets.UTF_8));
        }
        record.headers().add(EnquiryEvents.EVENT_ID_HEADER, eventId.getBytes(StandardCharsets.UTF_8));
        record.headers().add(EnquiryEvents.EVENT_TYPE_HEADER, EnquiryCreated.TYPE.getBytes(StandardCharsets.UTF_8));
        String requestId = "intake-" + eventId;
        record.headers().add(EnquiryEvents.REQUEST_ID_HEADER, requestId.getBytes(StandardCharsets.UTF_8));
        try {
            producer.send(record).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Could not publish", e);
        }
        return new Published(enquiryId, eventId, payload, requestId, Instant.now());
    }

    @Override
    public void close() {
        producer.close();
    }
}
