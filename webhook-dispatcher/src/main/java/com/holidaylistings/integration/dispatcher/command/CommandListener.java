package com.holidaylistings.integration.dispatcher.command;

import com.holidaylistings.integration.events.EnquiryEvents;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Receives {@code delivery.commands} in its own consumer group and hands each command to
 * {@link RequestedDeliveries}. A command that cannot be read, which no retry would fix, is logged and
 * passed over; one that cannot be applied now is tried again (see {@link CommandConfig}).
 */
@Component
class CommandListener {

    static final String GROUP = "webhook-dispatcher-commands";
    private static final Logger log = LoggerFactory.getLogger(CommandListener.class);

    private final RequestedDeliveries deliveries;
    private final JsonMapper json;

    CommandListener(RequestedDeliveries deliveries, JsonMapper json) {
        this.deliveries = deliveries;
        this.json = json;
    }

    @KafkaListener(
            id = "delivery-commands",
            groupId = GROUP,
            topics = DeliveryCommand.TOPIC,
            containerFactory = "commandContainerFactory",
            // rare records: one consumer per replica polls, heartbeats and fetches for them
            concurrency = "1")
    void onCommand(ConsumerRecord<String, String> record) {
        DeliveryCommand command;
        try {
            command = json.readValue(record.value(), DeliveryCommand.class);
        } catch (JacksonException | IllegalArgumentException | NullPointerException e) {
            log.error(
                    "Skipping unreadable command at {}-{}@{}: {}",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    e.getMessage());
            return;
        }
        deliveries.apply(command, header(record, EnquiryEvents.TRACEPARENT_HEADER));
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
