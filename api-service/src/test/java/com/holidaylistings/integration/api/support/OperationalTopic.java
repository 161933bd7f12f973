package com.holidaylistings.integration.api.support;

import com.holidaylistings.integration.testsupport.TestKafka;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * The topic {@code webhook.operational} on the test JVM's broker, made as webhook-dispatcher makes it
 * (api-service only reads it): its consumer then finds it at once, and tests publish to it.
 */
public final class OperationalTopic {

    public static final String NAME = "webhook.operational";
    private static boolean made;

    private OperationalTopic() {}

    /** The broker's address, once the topic exists on it. */
    public static synchronized String bootstrapServers() {
        String servers = TestKafka.bootstrapServers();
        if (!made) {
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, servers))) {
                admin.createTopics(List.of(new NewTopic(NAME, 3, (short) 1)))
                        .all()
                        .get();
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw new IllegalStateException("Could not make " + NAME, e);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            made = true;
        }
        return servers;
    }
}
