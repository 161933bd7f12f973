package com.holidaylistings.integration.api.hook;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static com.holidaylistings.integration.api.support.ErrorBodies.messages;
import static com.holidaylistings.integration.api.support.Fixtures.aHook;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The cap of live subscriptions per owner, on an instance that allows only three. */
class HookLimitIT extends ApiIntegrationTest {

    private static final String HOOKS = "/integration/v1/hooks/enquiries";
    private static ApiInstances.Running capped;

    @BeforeAll
    static void startCappedInstance() {
        capped = ApiInstances.start(Map.of("owner-api.webhooks.max-subscriptions-per-owner", "3"));
    }

    @AfterAll
    static void stopCappedInstance() {
        if (capped != null) {
            capped.close();
        }
    }

    private ApiClient cappedAs(TestWorld.Account account) {
        return ApiClient.https(capped.port()).withToken(account.token());
    }

    @Test
    void refusesASubscriptionOverTheCapUntilOneIsRemoved() {
        TestWorld.Account owner = world.newAccount();
        ApiClient client = cappedAs(owner);
        for (String path : new String[] {"a", "b", "c"}) {
            assertThat(client.post(HOOKS, aHook("https://93.184.215.14/" + path, null))
                            .status())
                    .isEqualTo(200);
        }

        ApiClient.Response refused = client.post(HOOKS, aHook("https://93.184.215.14/d", null));

        assertFieldErrors(refused, "Invalid request", "targetUrl");
        assertThat(messages(refused, "targetUrl")).containsExactly("subscription limit of 3 reached; remove one first");
        assertThat(liveRows(owner)).isEqualTo(3);

        assertThat(client.delete(HOOKS, aHook("https://93.184.215.14/b", null)).status())
                .isEqualTo(200);
        assertThat(client.post(HOOKS, aHook("https://93.184.215.14/d", null)).status())
                .isEqualTo(200);
        assertThat(liveRows(owner)).isEqualTo(3);
        assertFieldErrors(client.post(HOOKS, aHook("https://93.184.215.14/b", null)), "Invalid request", "targetUrl");
    }

    @Test
    void stillAnswersAnExistingSubscriptionAtTheCap() {
        TestWorld.Account owner = world.newAccount();
        ApiClient client = cappedAs(owner);
        String first = client.post(HOOKS, aHook("https://93.184.215.14/a", null))
                .json()
                .get("id")
                .asString();
        client.post(HOOKS, aHook("https://93.184.215.14/a", owner.propertyId()));
        client.post(HOOKS, aHook("https://93.184.215.14/c", null));
        assertThat(liveRows(owner)).isEqualTo(3);

        ApiClient.Response again = client.post(HOOKS, aHook("https://93.184.215.14/a", null));

        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(again.json().get("id").asString()).isEqualTo(first);
    }

    @Test
    void countsEachOwnerSeparately() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        for (String path : new String[] {"a", "b", "c"}) {
            cappedAs(owner).post(HOOKS, aHook("https://93.184.215.14/" + path, null));
        }

        assertThat(cappedAs(other)
                        .post(HOOKS, aHook("https://93.184.215.14/a", null))
                        .status())
                .isEqualTo(200);
    }

    private long liveRows(TestWorld.Account account) {
        return jdbc.sql(
                        "select count(*) from webhook_subscriptions where owner_id = :owner and unsubscribed_at is null")
                .param("owner", account.ownerId())
                .query(Long.class)
                .single();
    }
}
