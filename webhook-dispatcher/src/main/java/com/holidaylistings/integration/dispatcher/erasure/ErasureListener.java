package com.holidaylistings.integration.dispatcher.erasure;

import com.holidaylistings.integration.dispatcher.store.DeliveryStore;
import com.holidaylistings.integration.events.EnquiryErased;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Receives {@code enquiry.erased} in its own consumer group and has {@link DeliveryStore#erased} anonymise
 * the enquiry's copies. Erasing is idempotent, so a record read twice (relayed again, read again after a
 * rebalance) does no harm. A record that cannot be read, which no retry would fix, is logged and passed
 * over; one that cannot be applied now (PostgreSQL away) is tried again ({@link ErasureConfig}).
 */
@Component
class ErasureListener {

    static final String GROUP = "webhook-dispatcher-erasures";
    private static final Logger log = LoggerFactory.getLogger(ErasureListener.class);

    private final DeliveryStore store;
    private final JsonMapper json;

    ErasureListener(DeliveryStore store, JsonMapper json) {
        this.store = store;
        this.json = json;
    }

    @KafkaListener(
            id = "enquiry-erasures",
            groupId = GROUP,
            topics = EnquiryErased.TOPIC,
            containerFactory = "erasureContainerFactory",
            // rare records: one consumer per replica polls, heartbeats and fetches for them
            concurrency = "1")
    void onErasure(ConsumerRecord<String, String> record) {
        EnquiryErased erased;
        try {
            erased = json.readValue(record.value(), EnquiryErased.class);
        } catch (JacksonException | IllegalArgumentException | NullPointerException e) {
            log.error(
                    "Skipping unreadable erasure at {}-{}@{}: {}",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    e.getMessage());
            return;
        }
        DeliveryStore.Erasure erasure = store.erased(List.of(erased.enquiryId()));
        log.info(
                "Erased the guest of enquiry {}: {} stored payloads anonymised, {} receivers' answers dropped",
                erased.enquiryId(),
                erasure.payloads(),
                erasure.answers());
    }
}
