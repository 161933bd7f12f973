package com.holidaylistings.integration.api.hook;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static com.holidaylistings.integration.api.support.ErrorBodies.messages;
import static com.holidaylistings.integration.api.support.Fixtures.aHook;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** GET, POST and DELETE /hooks/enquiries: REST hook subscriptions of the token's owner. */
class HookIT extends ApiIntegrationTest {

    private static final String HOOKS = "/integration/v1/hooks/enquiries";
    // The test machine has no DNS for public names: public targets are IP literals, never contacted.
    private static final String TARGET = "https://93.184.215.14/hook";

    private static String uniqueTarget() {
        return TARGET + "/" + UUID.randomUUID();
    }

    @Test
    void subscribesForAllPropertiesWithTheSpecFields() {
        TestWorld.Account account = world.newAccount();
        String target = uniqueTarget();

        ApiClient.Response response = as(account).post(HOOKS, Map.of("targetUrl", target));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode hook = response.json();
        assertThat(hook.propertyNames()).containsExactlyInAnyOrder("id", "targetUrl", "propertyId", "event");
        assertThat(UUID.fromString(hook.get("id").asString())).isNotNull();
        assertThat(hook.get("targetUrl").asString()).isEqualTo(target);
        assertThat(hook.get("propertyId").isNull()).isTrue();
        assertThat(hook.get("event").asString()).isEqualTo("enquiry.created");
        assertThat(liveRows(account.ownerId())).isEqualTo(1);
    }

    @Test
    void subscribesForOneProperty() {
        TestWorld.Account account = world.newAccount();

        ApiClient.Response response = as(account).post(HOOKS, aHook(uniqueTarget(), account.propertyId()));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().get("propertyId").asString())
                .isEqualTo(account.propertyId().toString());
        assertThat(response.json().get("event").asString()).isEqualTo("enquiry.created");
    }

    @Test
    void treatsAnExplicitNullPropertyAsAllProperties() {
        TestWorld.Account account = world.newAccount();
        String target = uniqueTarget();

        JsonNode omitted = subscribe(account, Map.of("targetUrl", target));
        JsonNode explicitNull = subscribe(account, aHook(target, null));

        assertThat(explicitNull.get("propertyId").isNull()).isTrue();
        assertThat(explicitNull.get("id")).isEqualTo(omitted.get("id"));
    }

    @Test
    void returnsTheExistingSubscriptionForTheSameTargetAndProperty() {
        TestWorld.Account account = world.newAccount();
        String target = uniqueTarget();
        String forAll = subscribe(account, aHook(target, null)).get("id").asString();
        String forOne = subscribe(account, aHook(target, account.propertyId()))
                .get("id")
                .asString();
        UUID second = world.newProperty(account.ownerId());
        String forSecond = subscribe(account, aHook(target, second)).get("id").asString();

        assertThat(subscribe(account, aHook(target, null)).get("id").asString()).isEqualTo(forAll);
        assertThat(subscribe(account, aHook(target, account.propertyId()))
                        .get("id")
                        .asString())
                .isEqualTo(forOne);
        assertThat(List.of(forAll, forOne, forSecond)).doesNotHaveDuplicates();
        assertThat(liveRows(account.ownerId())).isEqualTo(3);
    }

    @Test
    void givesEachOwnerTheirOwnSubscriptionOfTheSameTarget() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        String target = uniqueTarget();

        String mine = subscribe(owner, aHook(target, null)).get("id").asString();
        String theirs = subscribe(other, aHook(target, null)).get("id").asString();

        assertThat(mine).isNotEqualTo(theirs);
    }

    @Test
    void refusesAPropertyThatIsNotTheOwners() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();

        for (UUID property : List.of(other.propertyId(), UUID.randomUUID())) {
            ApiClient.Response response = as(owner).post(HOOKS, aHook(uniqueTarget(), property));

            assertFieldErrors(response, "Invalid request", "propertyId");
            assertThat(messages(response, "propertyId")).containsExactly("must be one of your properties");
        }
        assertThat(liveRows(owner.ownerId())).isZero();
    }

    /** Values that Jackson would read as a null UUID, or that are not a UUID at all: none may mean all properties. */
    private static List<Object> notUuids(UUID property) {
        return List.of(
                "",
                " ",
                "\u0000",
                "\t",
                "null",
                "cottage",
                "1-1-1-1-1",
                property.toString().replace("-", ""),
                " " + property + " ",
                property + "x",
                "AAAAAAAAAAAAAAAAAAAAAA==",
                5,
                0,
                true,
                false,
                List.of(),
                List.of(property.toString()),
                Map.of(),
                Map.of("id", property.toString()));
    }

    private static Map<String, Object> withPropertyId(String targetUrl, Object propertyId) {
        Map<String, Object> body = new HashMap<>();
        body.put("targetUrl", targetUrl);
        body.put("propertyId", propertyId);
        return body;
    }

    @Test
    void refusesAPropertyIdThatIsNotAUuid() {
        TestWorld.Account owner = world.newAccount();

        for (Object propertyId : notUuids(owner.propertyId())) {
            ApiClient.Response response = as(owner).post(HOOKS, withPropertyId(uniqueTarget(), propertyId));

            assertFieldErrors(response, "Invalid request", "propertyId");
            assertThat(messages(response, "propertyId")).as(response.body()).containsExactly("must be a UUID");
        }
        assertThat(liveRows(owner.ownerId())).isZero();
    }

    @Test
    void refusesABlankPropertyIdInsteadOfSubscribingToAllProperties() {
        TestWorld.Account owner = world.newAccount();

        for (String raw : List.of("\"\"", "\" \"", "\"\\u0000\"", "\"\\u0000 \"", "\"\\n\"")) {
            ApiClient.Response response =
                    as(owner).post(HOOKS, "{\"targetUrl\":\"" + uniqueTarget() + "\",\"propertyId\":" + raw + "}");

            assertFieldErrors(response, "Invalid request", "propertyId");
            assertThat(messages(response, "propertyId")).as(raw).containsExactly("must be a UUID");
        }
        assertThat(liveRows(owner.ownerId())).isZero();
    }

    @Test
    void reportsABadPropertyIdBesideABadTargetUrl() {
        TestWorld.Account owner = world.newAccount();

        ApiClient.Response response = as(owner).post(HOOKS, withPropertyId("ftp://93.184.215.14/hook", ""));

        assertFieldErrors(response, "Invalid request", "targetUrl", "propertyId");
        assertThat(messages(response, "propertyId")).containsExactly("must be a UUID");
    }

    @Test
    void acceptsAnUpperCasePropertyId() {
        TestWorld.Account owner = world.newAccount();

        JsonNode hook = subscribe(
                owner,
                withPropertyId(uniqueTarget(), owner.propertyId().toString().toUpperCase()));

        assertThat(hook.get("propertyId").asString())
                .isEqualTo(owner.propertyId().toString());
    }

    @Test
    void neverRemovesTheAllPropertiesSubscriptionForABadPropertyId() {
        TestWorld.Account owner = world.newAccount();
        String target = uniqueTarget();
        subscribe(owner, aHook(target, null));

        for (Object propertyId : notUuids(owner.propertyId())) {
            ApiClient.Response response = as(owner).delete(HOOKS, withPropertyId(target, propertyId));

            assertFieldErrors(response, "Invalid request", "propertyId");
            assertThat(messages(response, "propertyId")).as(response.body()).containsExactly("must be a UUID");
        }
        assertThat(as(owner)
                        .delete(HOOKS, "{\"targetUrl\":\"" + target + "\",\"propertyId\":\"\\u0000\"}")
                        .status())
                .isEqualTo(400);
        assertThat(liveRows(owner.ownerId())).isEqualTo(1);
        assertThat(as(owner).delete(HOOKS, aHook(target, null)).status()).isEqualTo(200);
    }

    @Test
    void refusesMalformedTargetUrls() {
        TestWorld.Account owner = world.newAccount();
        Map<String, Object> missing = new HashMap<>();
        missing.put("propertyId", null);

        List<Object> bodies = List.of(
                missing,
                aHook(null, null),
                aHook("", null),
                aHook("   ", null),
                aHook("/hooks/receive", null),
                aHook("93.184.215.14/hook", null),
                aHook("ftp://93.184.215.14/hook", null),
                aHook("https://user:pass@93.184.215.14/hook", null),
                aHook("https://token@93.184.215.14/hook", null),
                aHook("https://93.184.215.14/hook#fragment", null),
                aHook("https://93.184.215.14/" + "a".repeat(2048), null),
                aHook("https://93.184.215.14/with space", null),
                Map.of("targetUrl", 42),
                Map.of("targetUrl", List.of(TARGET)));
        for (Object body : bodies) {
            ApiClient.Response response = as(owner).post(HOOKS, body);

            assertFieldErrors(response, "Invalid request", "targetUrl");
        }
        assertThat(liveRows(owner.ownerId())).isZero();
    }

    @Test
    void refusesInternalTargets() {
        TestWorld.Account owner = world.newAccount();

        for (String target : List.of(
                "http://127.0.0.1/",
                "http://localhost:8080/",
                "http://10.0.0.1/",
                "http://192.168.1.1/",
                "http://172.16.0.1/",
                "http://169.254.169.254/latest/meta-data",
                "http://100.64.0.1/",
                "http://[::1]/",
                "http://[fd00::1]/",
                "http://[::ffff:127.0.0.1]/",
                "http://0.0.0.0/",
                "https://127.0.0.1:" + port + "/integration/v1/auth",
                "http://2130706433/",
                "http://127.1/",
                "http://[fe80::1]/",
                "http://224.0.0.1/")) {
            ApiClient.Response response = as(owner).post(HOOKS, aHook(target, null));

            assertFieldErrors(response, "Invalid request", "targetUrl");
        }
        assertThat(liveRows(owner.ownerId())).isZero();
    }

    @Test
    void acceptsPublicIpLiteralTargets() {
        TestWorld.Account owner = world.newAccount();

        for (String target : List.of(
                "https://93.184.215.14/hook",
                "http://93.184.215.14:8080/hook?secret=s3cr3t",
                "https://[2606:4700:4700::1111]/hook",
                "HTTPS://8.8.8.8/Upper/Case")) {
            ApiClient.Response response = as(owner).post(HOOKS, aHook(target, null));

            assertThat(response.status()).as(target + ": " + response.body()).isEqualTo(200);
            assertThat(response.json().get("targetUrl").asString()).isEqualTo(target);
        }
    }

    @Test
    void removesASubscriptionOnceAndThenAnswersNotFound() {
        TestWorld.Account owner = world.newAccount();
        String target = uniqueTarget();
        String id = subscribe(owner, aHook(target, null)).get("id").asString();

        ApiClient.Response removed = as(owner).delete(HOOKS, aHook(target, null));

        assertThat(removed.status()).as(removed.body()).isEqualTo(200);
        assertThat(removed.json().propertyNames()).containsExactly("success");
        assertThat(removed.json().get("success").isBoolean()).isTrue();
        assertThat(removed.json().get("success").asBoolean()).isTrue();
        assertThat(liveRows(owner.ownerId())).isZero();
        assertThat(jdbc.sql("select unsubscribe_reason from webhook_subscriptions where id = :id")
                        .param("id", UUID.fromString(id))
                        .query(String.class)
                        .single())
                .isEqualTo("deleted");
        assertError(as(owner).delete(HOOKS, aHook(target, null)), 404, "Not found");
    }

    @Test
    void removesOnlyTheSubscriptionWithTheSamePropertyFilter() {
        TestWorld.Account owner = world.newAccount();
        String forOne = uniqueTarget();
        String forAll = uniqueTarget();
        subscribe(owner, aHook(forOne, owner.propertyId()));
        subscribe(owner, aHook(forAll, null));

        assertError(as(owner).delete(HOOKS, aHook(forOne, null)), 404, "Not found");
        assertError(as(owner).delete(HOOKS, Map.of("targetUrl", forOne)), 404, "Not found");
        assertError(as(owner).delete(HOOKS, aHook(forAll, owner.propertyId())), 404, "Not found");
        assertThat(liveRows(owner.ownerId())).isEqualTo(2);

        assertThat(as(owner).delete(HOOKS, aHook(forOne, owner.propertyId())).status())
                .isEqualTo(200);
        assertThat(as(owner).delete(HOOKS, Map.of("targetUrl", forAll)).status())
                .isEqualTo(200);
        assertThat(liveRows(owner.ownerId())).isZero();
    }

    @Test
    void neverRemovesAnotherOwnersSubscription() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        String target = uniqueTarget();
        subscribe(owner, aHook(target, null));
        subscribe(owner, aHook(target, owner.propertyId()));

        assertError(as(other).delete(HOOKS, aHook(target, null)), 404, "Not found");
        assertError(as(other).delete(HOOKS, aHook(target, owner.propertyId())), 404, "Not found");

        assertThat(liveRows(owner.ownerId())).isEqualTo(2);
    }

    @Test
    void subscribesAnewAfterRemoval() {
        TestWorld.Account owner = world.newAccount();
        String target = uniqueTarget();
        String first = subscribe(owner, aHook(target, null)).get("id").asString();
        assertThat(as(owner).delete(HOOKS, aHook(target, null)).status()).isEqualTo(200);

        String second = subscribe(owner, aHook(target, null)).get("id").asString();

        assertThat(second).isNotEqualTo(first);
        assertThat(liveRows(owner.ownerId())).isEqualTo(1);
        assertThat(subscribe(owner, aHook(target, null)).get("id").asString()).isEqualTo(second);
    }

    @Test
    void requiresTheTargetUrlToRemove() {
        TestWorld.Account owner = world.newAccount();

        assertFieldErrors(as(owner).delete(HOOKS, Map.of()), "Invalid request", "targetUrl");
        assertFieldErrors(as(owner).delete(HOOKS, aHook(" ", null)), "Invalid request", "targetUrl");
        assertFieldErrors(as(owner).delete(HOOKS, "{\"targetUrl\":"), "Invalid request", "body");
    }

    @Test
    void listsTheOwnersLiveSubscriptionsOldestFirst() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        String forAll = subscribe(owner, aHook(TARGET + "/all", null)).get("id").asString();
        String removedTarget = uniqueTarget();
        subscribe(owner, aHook(removedTarget, null));
        String gone = subscribe(owner, aHook(uniqueTarget(), null)).get("id").asString();
        String forOne = subscribe(owner, aHook(TARGET + "/one", owner.propertyId()))
                .get("id")
                .asString();
        String paused = subscribe(owner, aHook(uniqueTarget(), null)).get("id").asString();
        subscribe(other, aHook(TARGET + "/all", null));
        assertThat(as(owner).delete(HOOKS, aHook(removedTarget, null)).status()).isEqualTo(200);
        // As webhook-dispatcher records a receiver's 410 Gone; the portal pauses hooks.
        jdbc.sql("update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'gone' where id = :id")
                .param("id", UUID.fromString(gone))
                .update();
        jdbc.sql("update webhook_subscriptions set paused = true where id = :id")
                .param("id", UUID.fromString(paused))
                .update();

        ApiClient.Response response = as(owner).get(HOOKS);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().propertyNames()).containsExactly("hooks");
        JsonNode hooks = response.json().get("hooks");
        assertThat(ids(hooks)).containsExactly(forAll, forOne, paused);
        for (JsonNode hook : hooks) {
            assertThat(hook.propertyNames()).containsExactlyInAnyOrder("id", "targetUrl", "propertyId", "event");
            assertThat(hook.get("event").asString()).isEqualTo("enquiry.created");
        }
        assertThat(hooks.get(0).get("targetUrl").asString()).isEqualTo(TARGET + "/all");
        assertThat(hooks.get(0).get("propertyId").isNull()).isTrue();
        assertThat(hooks.get(1).get("propertyId").asString())
                .isEqualTo(owner.propertyId().toString());
    }

    @Test
    void listsTheSameSubscriptionsThatPostReturned() {
        TestWorld.Account owner = world.newAccount();
        JsonNode created = subscribe(owner, aHook(uniqueTarget(), owner.propertyId()));

        JsonNode listed = as(owner).get(HOOKS).json().get("hooks");

        assertThat(listed.size()).isEqualTo(1);
        assertThat(listed.get(0)).isEqualTo(created);
    }

    @Test
    void listsNoSubscriptionsForAnOwnerWithoutAny() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        subscribe(other, aHook(uniqueTarget(), null));

        ApiClient.Response response = as(owner).get(HOOKS);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"hooks\":[]}");
    }

    @Test
    void listsSubscriptionsLikeTheOtherPublicEndpoints() {
        TestWorld.Account owner = world.newAccount();

        ApiClient.Response response = as(owner).get(HOOKS);

        assertThat(response.header("X-Request-Id")).isNotBlank();
        assertThat(response.header("X-RateLimit-Limit")).isNotBlank();
        assertThat(response.header("X-RateLimit-Remaining")).isNotBlank();
        assertThat(response.header("X-RateLimit-Reset")).isNotBlank();
        assertError(http.get(HOOKS), 401, "Unauthorized");
        assertError(http.withToken("hpo_" + "a".repeat(36)).get(HOOKS), 401, "Unauthorized");
    }

    private static List<String> ids(JsonNode hooks) {
        List<String> ids = new ArrayList<>();
        hooks.forEach(hook -> ids.add(hook.get("id").asString()));
        return ids;
    }

    private JsonNode subscribe(TestWorld.Account account, Map<String, Object> body) {
        ApiClient.Response response = as(account).post(HOOKS, body);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    private long liveRows(UUID ownerId) {
        return jdbc.sql(
                        "select count(*) from webhook_subscriptions where owner_id = :owner and unsubscribed_at is null")
                .param("owner", ownerId)
                .query(Long.class)
                .single();
    }
}
