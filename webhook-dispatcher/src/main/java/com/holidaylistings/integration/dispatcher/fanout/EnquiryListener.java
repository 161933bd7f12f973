package com.holidaylistings.integration.dispatcher.fanout;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.EnquiryEvents;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Receives {@code enquiry.created} a poll at a time and hands the events to the fan-out. An event
 * that cannot be read, which no retry would fix, is logged and passed over.
 */
@Component
class EnquiryListener {

    private static final Logger log = LoggerFactory.getLogger(EnquiryListener.class);

    private final DeliveryFanOut fanOut;
    private final JsonMapper json;

    EnquiryListener(DeliveryFanOut fanOut, JsonMapper json) {
        this.fanOut = fanOut;
        this.json = json;
    }

    @KafkaListener(
            id = "enquiry-fan-out",
            groupId = "${spring.kafka.consumer.group-id}",
            topics = EnquiryEvents.TOPIC,
            containerFactory = "fanOutContainerFactory")
    void onEnquiriesCreated(List<ConsumerRecord<String, String>> records) throws Exception {
        List<DeliveryFanOut.Event> events = new ArrayList<>(records.size());
        for (ConsumerRecord<String, String> record : records) {
            String id = header(record, EnquiryEvents.EVENT_ID_HEADER);
            try {
                // The relay always sets the event id; an event without one is named by its place in the topic.
                UUID eventId = id == null
                        ? UUID.nameUUIDFromBytes((record.topic() + "-" + record.partition() + "-" + record.offset())
                                .getBytes(StandardCharsets.UTF_8))
                        : UUID.fromString(id);
                events.add(new DeliveryFanOut.Event(
                        eventId,
                        header(record, EnquiryEvents.REQUEST_ID_HEADER),
                        json.readValue(record.value(), EnquiryCreated.class),
                        record.value(),
                        header(record, EnquiryEvents.TRACEPARENT_HEADER)));
            } catch (JacksonException | IllegalArgumentException | NullPointerException e) {
                log.error(
                        "Skipping unreadable event {} at {}-{}@{}: {}",
                        id,
                        record.topic(),
                        record.partition(),
                        record.offset(),
                        e.getMessage());
            }
        }
        fanOut.fanOut(events);
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
