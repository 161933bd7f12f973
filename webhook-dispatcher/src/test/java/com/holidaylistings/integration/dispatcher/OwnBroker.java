package com.holidaylistings.integration.dispatcher;

import com.holidaylistings.integration.events.EnquiryEvents;
import java.util.Map;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * A real Kafka broker of a test class's own, in the test JVM, with the event topic and topics
 * created only on purpose: for packaged dispatchers, whose consumer groups must not take partitions
 * from the shared application context's.
 */
public final class OwnBroker {

    private OwnBroker() {}

    /** Starts one; the caller destroys it. */
    public static EmbeddedKafkaKraftBroker start() {
        EmbeddedKafkaKraftBroker kafka = new EmbeddedKafkaKraftBroker(1, 3, EnquiryEvents.TOPIC);
        kafka.brokerProperties(Map.of(
                "auto.create.topics.enable", "false",
                "offsets.topic.replication.factor", "1",
                "transaction.state.log.replication.factor", "1",
                "transaction.state.log.min.isr", "1"));
        kafka.afterPropertiesSet();
        return kafka;
    }
}
