package com.holidaylistings.integration.testsupport;

import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.kafka.KafkaContainer;

/**
 * One real Kafka broker (KRaft) per test JVM: a Testcontainers container where Docker runs,
 * otherwise a broker inside the test JVM. The same tests run on both. It stops when the JVM exits.
 */
public final class TestKafka {

    private static final Logger log = LoggerFactory.getLogger(TestKafka.class);
    /** The broker version of the build (Spring Boot's kafka.version), as docker-compose.yml and dev/kafka run it. */
    static final String IMAGE = "apache/kafka:4.2.1";

    private static String bootstrapServers;

    private TestKafka() {}

    public static synchronized String bootstrapServers() {
        if (bootstrapServers == null) {
            bootstrapServers = DockerClientFactory.instance().isDockerAvailable() ? startContainer() : startEmbedded();
        }
        return bootstrapServers;
    }

    private static String startContainer() {
        KafkaContainer kafka = new KafkaContainer(IMAGE);
        kafka.start();
        log.info("Kafka container at {}", kafka.getBootstrapServers());
        return kafka.getBootstrapServers();
    }

    private static String startEmbedded() {
        EmbeddedKafkaKraftBroker broker = new EmbeddedKafkaKraftBroker(1, 1);
        broker.brokerProperties(Map.of(
                "auto.create.topics.enable", "false",
                "offsets.topic.replication.factor", "1",
                "transaction.state.log.replication.factor", "1",
                "transaction.state.log.min.isr", "1"));
        broker.afterPropertiesSet();
        Runtime.getRuntime().addShutdownHook(new Thread(broker::destroy));
        log.info("Embedded Kafka at {}", broker.getBrokersAsString());
        return broker.getBrokersAsString();
    }
}
