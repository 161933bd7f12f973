package com.holidaylistings.integration.dispatcher.fanout;

import com.holidaylistings.integration.events.EnquiryEvents;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Receives {@code enquiry.created} and hands each event to the fan-out. */
@Component
class EnquiryListener {

    private final DeliveryFanOut fanOut;

    EnquiryListener(DeliveryFanOut fanOut) {
        this.fanOut = fanOut;
    }

    @KafkaListener(id = "enquiry-fan-out", groupId = "${spring.kafka.consumer.group-id}", topics = EnquiryEvents.TOPIC,
            containerFactory = "fanOutContainerFactory")
    void onEnquiryCreated(ConsumerRecord<String, String> record) throws Exception {
        Header eventId = record.headers().lastHeader(EnquiryEvents.EVENT_ID_HEADER);
        String id = eventId == null ? record.topic() + "-" + record.partition() + "-" + record.offset()
                : new String(eventId.value(), StandardCharsets.UTF_8);
        Header requestId = record.headers().lastHeader(EnquiryEvents.REQUEST_ID_HEADER);
        fanOut.fanOut(id, requestId == null ? null : new String(requestId.value(), StandardCharsets.UTF_8), record.value());
    }
}
