package com.holidaylistings.integration.api.hookfindings;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import com.holidaylistings.integration.api.support.TestWorld;
import java.net.ServerSocket;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Kafka is only the consumer's business: an instance whose broker cannot be reached starts, is ready,
 * and answers requests (the consumer waits and tries again, out of sight).
 */
class KafkaAwayIT {

    @Test
    void anInstanceWithoutItsBrokerIsReadyAndAnswers() throws Exception {
        int nobody;
        try (ServerSocket socket = new ServerSocket(0)) {
            nobody = socket.getLocalPort(); // free once closed: nothing listens there
        }
        try (ApiInstances.Running service =
                ApiInstances.start(Map.of("spring.kafka.bootstrap-servers", "127.0.0.1:" + nobody))) {
            ApiClient.Response readiness =
                    ApiClient.plainHttp(service.managementPort()).get("/actuator/health/readiness");
            assertThat(readiness.status()).as(readiness.body()).isEqualTo(200);
            assertThat(readiness.json().get("status").asString()).isEqualTo("UP");

            TestWorld world = new TestWorld(ApiClient.https(service.port()));
            TestWorld.Account owner = world.newAccount();
            UUID hook = world.subscribe(owner, "https://93.184.215.14/kafka-away/" + UUID.randomUUID(), null);
            ApiClient.Response resumed = ApiClient.https(service.port())
                    .with("X-Admin-Key", TestWorld.ADMIN_KEY)
                    .post("/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook + "/resume", null);
            assertThat(resumed.status()).as(resumed.body()).isEqualTo(200);
        }
    }
}
