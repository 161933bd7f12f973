package com.holidaylistings.integration.api.hook;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static com.holidaylistings.integration.api.support.ErrorBodies.messages;
import static com.holidaylistings.integration.api.support.Fixtures.aHook;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Where private targets are allowed (the local stack sets WEBHOOK_ALLOW_PRIVATE_TARGETS=true), the
 * stack's own ports on internal addresses and link-local addresses are still refused at subscribe time.
 */
class LocalStackTargetsIT extends ApiIntegrationTest {

    private static final String HOOKS = "/integration/v1/hooks/enquiries";
    private static ApiInstances.Running localStack;

    @BeforeAll
    static void startInstanceAllowingPrivateTargets() {
        localStack = ApiInstances.start(Map.of("owner-api.webhooks.allow-private-targets", "true"));
    }

    @AfterAll
    static void stopInstanceAllowingPrivateTargets() {
        if (localStack != null) {
            localStack.close();
        }
    }

    @Test
    void acceptsPrivateTargetsOnOtherPorts() {
        TestWorld.Account owner = world.newAccount();
        ApiClient client = ApiClient.https(localStack.port()).withToken(owner.token());

        for (String target :
                List.of("http://127.0.0.1:38080/hook", "http://localhost:9000/hook", "http://10.0.0.5/hook")) {
            ApiClient.Response response = client.post(HOOKS, aHook(target, null));

            assertThat(response.status()).as(target + ": " + response.body()).isEqualTo(200);
        }
    }

    @Test
    void refusesTheStacksOwnPorts() {
        TestWorld.Account owner = world.newAccount();
        ApiClient client = ApiClient.https(localStack.port()).withToken(owner.token());

        for (String target : List.of(
                "http://127.0.0.1:5432/",
                "http://localhost:15432/",
                "https://localhost:8443/internal/v1",
                "http://127.0.0.1:8081/actuator/health",
                "http://127.0.0.1:8083/actuator",
                "http://[::1]:9092/",
                "http://127.0.0.1:19092/",
                "http://10.0.0.5:5432/")) {
            ApiClient.Response response = client.post(HOOKS, aHook(target, null));

            assertFieldErrors(response, "Invalid request", "targetUrl");
            assertThat(messages(response, "targetUrl"))
                    .as(target)
                    .containsExactly(
                            "must not point to one of the stack's own ports (its services, PostgreSQL, Kafka)");
        }
        assertThat(liveSubscriptions(owner)).isZero();
    }

    @Test
    void refusesLinkLocalAddresses() {
        TestWorld.Account owner = world.newAccount();
        ApiClient client = ApiClient.https(localStack.port()).withToken(owner.token());

        for (String target : List.of(
                "http://169.254.169.254/latest/meta-data",
                "http://[fe80::1]:8080/",
                "http://[::ffff:169.254.169.254]/")) {
            ApiClient.Response response = client.post(HOOKS, aHook(target, null));

            assertFieldErrors(response, "Invalid request", "targetUrl");
            assertThat(messages(response, "targetUrl"))
                    .as(target)
                    .containsExactly("must not point to a link-local address");
        }
        assertThat(liveSubscriptions(owner)).isZero();
    }

    private int liveSubscriptions(TestWorld.Account owner) {
        return jdbc.sql("select count(*) from webhook_subscriptions where owner_id = :o")
                .param("o", owner.ownerId())
                .query(Integer.class)
                .single();
    }
}
