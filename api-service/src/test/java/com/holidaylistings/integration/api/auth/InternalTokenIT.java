package com.holidaylistings.integration.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The owner portal's token page: POST, GET and DELETE /internal/v1/owners/{ownerId}/tokens. */
class InternalTokenIT extends ApiIntegrationTest {

    /** TOKENS_PER_OWNER_MAX's default, which the tests run with. */
    private static final int TOKENS_PER_OWNER_MAX = 20;

    @Test
    void createsATokenAndShowsItsValueOnce() {
        TestWorld.Owner owner = world.newOwner();
        Instant before = Instant.now().minusSeconds(5);

        ApiClient.Response response = admin().post(tokens(owner.id()), Map.of("name", "Zapier"));

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        JsonNode created = response.json();
        assertThat(created.propertyNames()).containsExactlyInAnyOrder("id", "name", "scopes", "token", "created_at");
        assertThat(UUID.fromString(created.get("id").asString())).isNotNull();
        assertThat(created.get("name").asString()).isEqualTo("Zapier");
        assertThat(created.get("token").asString()).matches("^hpo_[0-9A-Za-z]{36}$");
        assertThat(Instant.parse(created.get("created_at").asString()))
                .isBetween(before, Instant.now().plusSeconds(5));
        assertThat(http.withToken(created.get("token").asString())
                        .get("/integration/v1/auth")
                        .status())
                .isEqualTo(200);
    }

    @Test
    void listsTokensWithoutTheirValuesOrHashes() {
        TestWorld.Owner owner = world.newOwner();
        JsonNode first = create(owner.id(), Map.of("name", "first"));
        JsonNode second = create(owner.id(), Map.of("name", "second", "scopes", List.of("enquiries:read")));

        ApiClient.Response response = admin().get(tokens(owner.id()));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().propertyNames()).containsExactly("tokens");
        JsonNode listed = response.json().get("tokens");
        assertThat(listed.size()).isEqualTo(2);
        for (JsonNode token : listed) {
            assertThat(token.propertyNames())
                    .containsExactlyInAnyOrder("id", "name", "scopes", "created_at", "last_used_at", "revoked_at");
        }
        assertThat(listed.get(0).get("id").asString()).isEqualTo(first.get("id").asString());
        assertThat(listed.get(1).get("id").asString())
                .isEqualTo(second.get("id").asString());
        assertThat(listed.get(1).get("scopes").get(0).asString()).isEqualTo("enquiries:read");
        assertThat(listed.get(1).get("scopes").size()).isEqualTo(1);
        assertThat(listed.get(0).get("revoked_at").isNull()).isTrue();
        assertThat(response.body())
                .doesNotContain(first.get("token").asString())
                .doesNotContain(second.get("token").asString())
                .doesNotContain(first.get("token").asString().substring(4, 34))
                .doesNotContain("hash")
                .doesNotContain("hpo_");
    }

    @Test
    void listsOnlyTheOwnersOwnTokens() {
        TestWorld.Owner owner = world.newOwner();
        TestWorld.Owner other = world.newOwner();
        create(owner.id(), Map.of("name", "mine"));
        create(other.id(), Map.of("name", "theirs"));

        JsonNode listed = admin().get(tokens(owner.id())).json().get("tokens");

        assertThat(listed.size()).isEqualTo(1);
        assertThat(listed.get(0).get("name").asString()).isEqualTo("mine");
    }

    @Test
    void storesOnlyTheSha256OfTheToken() throws Exception {
        TestWorld.Owner owner = world.newOwner();
        JsonNode created = create(owner.id(), Map.of("name", "hashed"));
        String token = created.get("token").asString();
        UUID id = UUID.fromString(created.get("id").asString());

        byte[] stored = jdbc.sql("select token_hash from access_tokens where id = :id")
                .param("id", id)
                .query(byte[].class)
                .single();

        assertThat(stored)
                .isEqualTo(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        // Neither the token nor its random part appears in any column of the row, in whatever form.
        for (String fragment : List.of(token, token.substring(4), token.substring(4, 34))) {
            int rows = jdbc.sql("select count(*) from access_tokens t where t::text like :pattern")
                    .param("pattern", "%" + fragment + "%")
                    .query(Integer.class)
                    .single();
            assertThat(rows).as(fragment).isZero();
        }
        List<String> textColumns = jdbc.sql("""
                        select column_name from information_schema.columns
                         where table_name = 'access_tokens' and data_type in ('text', 'character varying', 'character', 'ARRAY', 'json', 'jsonb')
                        """).query(String.class).list();
        for (String column : textColumns) {
            int rows = jdbc.sql("select count(*) from access_tokens where " + column + "::text like :pattern")
                    .param("pattern", "%" + token.substring(4, 34) + "%")
                    .query(Integer.class)
                    .single();
            assertThat(rows).as(column).isZero();
        }
    }

    @Test
    void revokesATokenAtOnce() {
        TestWorld.Owner owner = world.newOwner();
        JsonNode created = create(owner.id(), Map.of("name", "to revoke"));
        String id = created.get("id").asString();
        Instant before = Instant.now().minusSeconds(5);

        ApiClient.Response response = admin().delete(tokens(owner.id()) + "/" + id, null);

        assertThat(response.status()).isEqualTo(204);
        assertThat(response.body()).isEmpty();
        JsonNode listed = admin().get(tokens(owner.id())).json().get("tokens").get(0);
        assertThat(listed.get("revoked_at").isNull()).isFalse();
        assertThat(Instant.parse(listed.get("revoked_at").asString()))
                .isBetween(before, Instant.now().plusSeconds(5));
        assertThat(http.withToken(created.get("token").asString())
                        .get("/integration/v1/auth")
                        .status())
                .isEqualTo(401);
    }

    @Test
    void revokingTwiceKeepsTheFirstRevocationTime() {
        TestWorld.Owner owner = world.newOwner();
        String id = create(owner.id(), Map.of("name", "twice")).get("id").asString();
        admin().delete(tokens(owner.id()) + "/" + id, null);
        String firstTime = admin().get(tokens(owner.id()))
                .json()
                .get("tokens")
                .get(0)
                .get("revoked_at")
                .asString();

        ApiClient.Response again = admin().delete(tokens(owner.id()) + "/" + id, null);

        assertThat(again.status()).isEqualTo(204);
        assertThat(admin().get(tokens(owner.id()))
                        .json()
                        .get("tokens")
                        .get(0)
                        .get("revoked_at")
                        .asString())
                .isEqualTo(firstTime);
    }

    @Test
    void revokingAnUnknownTokenIsNotFound() {
        TestWorld.Owner owner = world.newOwner();

        assertNotFound(admin().delete(tokens(owner.id()) + "/" + UUID.randomUUID(), null));
        assertNotFound(admin().delete(tokens(owner.id()) + "/not-a-uuid", null));
        assertNotFound(admin().delete(tokens(owner.id()) + "/1-1-1-1-1", null));
    }

    @Test
    void revokingAnotherOwnersTokenIsNotFoundAndLeavesItWorking() {
        TestWorld.Owner owner = world.newOwner();
        TestWorld.Owner other = world.newOwner();
        JsonNode theirs = create(other.id(), Map.of("name", "theirs"));

        assertNotFound(
                admin().delete(tokens(owner.id()) + "/" + theirs.get("id").asString(), null));

        assertThat(http.withToken(theirs.get("token").asString())
                        .get("/integration/v1/auth")
                        .status())
                .isEqualTo(200);
        assertThat(admin().get(tokens(other.id()))
                        .json()
                        .get("tokens")
                        .get(0)
                        .get("revoked_at")
                        .isNull())
                .isTrue();
    }

    @Test
    void answersNotFoundForAnUnknownOrMalformedOwner() {
        for (String owner : List.of(
                UUID.randomUUID().toString(),
                "not-a-uuid",
                "1-1-1-1-1",
                UUID.randomUUID().toString().toUpperCase().replace("-", ""))) {
            assertNotFound(admin().post(tokens(owner), Map.of("name", "x")));
            assertNotFound(admin().get(tokens(owner)));
            assertNotFound(admin().delete(tokens(owner) + "/" + UUID.randomUUID(), null));
        }
    }

    @Test
    void createsNoTokenForAnUnknownOwner() {
        UUID unknown = UUID.randomUUID();

        assertNotFound(admin().post(tokens(unknown.toString()), Map.of("name", "x")));

        assertThat(jdbc.sql("select count(*) from access_tokens where owner_id = :owner")
                        .param("owner", unknown)
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    @Test
    void requiresATokenName() {
        TestWorld.Owner owner = world.newOwner();

        ApiClient.Response missing = admin().post(tokens(owner.id()), Map.of("scopes", List.of("enquiries:read")));
        ApiClient.Response blank = admin().post(tokens(owner.id()), Map.of("name", "  "));
        ApiClient.Response tooLong = admin().post(tokens(owner.id()), Map.of("name", "n".repeat(101)));
        ApiClient.Response control = admin().post(tokens(owner.id()), Map.of("name", "bad\u0000name"));

        for (ApiClient.Response response : List.of(missing, blank, tooLong, control)) {
            assertThat(response.status()).as(response.body()).isEqualTo(400);
            assertThat(response.json().get("error").asString()).isEqualTo("Invalid request");
            assertThat(response.json().get("details").get("fieldErrors").propertyNames())
                    .containsExactly("name");
        }
        assertThat(admin().post(tokens(owner.id()), Map.of("name", "n".repeat(100)))
                        .status())
                .isEqualTo(201);
        assertThat(jdbc.sql("select count(*) from access_tokens where owner_id = :owner")
                        .param("owner", owner.id())
                        .query(Integer.class)
                        .single())
                .isEqualTo(1);
    }

    @Test
    void refusesATokenBeyondTheOwnersLimitUntilOneIsRevoked() {
        TestWorld.Owner owner = world.newOwner();
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= TOKENS_PER_OWNER_MAX; i++) {
            ids.add(create(owner.id(), Map.of("name", "token " + i)).get("id").asString());
        }

        ApiClient.Response refused = admin().post(tokens(owner.id()), Map.of("name", "one too many"));

        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        assertThat(refused.body()).isEqualTo("{\"error\":\"Token limit reached\"}");
        assertThat(refused.header("Content-Type")).startsWith("application/json");
        assertThat(liveTokens(owner.id())).isEqualTo(TOKENS_PER_OWNER_MAX);

        assertThat(admin().delete(tokens(owner.id()) + "/" + ids.get(0), null).status())
                .isEqualTo(204);
        assertThat(admin().post(tokens(owner.id()), Map.of("name", "after a revocation"))
                        .status())
                .isEqualTo(201);
        assertThat(admin().post(tokens(owner.id()), Map.of("name", "one too many again"))
                        .status())
                .isEqualTo(409);
        assertThat(liveTokens(owner.id())).isEqualTo(TOKENS_PER_OWNER_MAX);
    }

    @Test
    void neverPassesTheLimitWhenTokensAreCreatedAtOnce() throws Exception {
        TestWorld.Owner owner = world.newOwner();
        int attempts = TOKENS_PER_OWNER_MAX + 10;

        List<Integer> statuses;
        try (ExecutorService pool = Executors.newFixedThreadPool(attempts)) {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < attempts; i++) {
                String name = "at once " + i;
                answers.add(pool.submit(() -> {
                    start.await();
                    return admin().post(tokens(owner.id()), Map.of("name", name))
                            .status();
                }));
            }
            start.countDown();
            statuses = new ArrayList<>();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get(60, TimeUnit.SECONDS));
            }
        }

        assertThat(statuses).filteredOn(status -> status == 201).hasSize(TOKENS_PER_OWNER_MAX);
        assertThat(statuses).filteredOn(status -> status == 409).hasSize(attempts - TOKENS_PER_OWNER_MAX);
        assertThat(liveTokens(owner.id())).isEqualTo(TOKENS_PER_OWNER_MAX);
    }

    private int liveTokens(UUID ownerId) {
        return jdbc.sql("select count(*) from access_tokens where owner_id = :owner and revoked_at is null")
                .param("owner", ownerId)
                .query(Integer.class)
                .single();
    }

    private ApiClient admin() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private JsonNode create(UUID ownerId, Map<String, Object> body) {
        ApiClient.Response response = admin().post(tokens(ownerId), body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json();
    }

    private static String tokens(Object ownerId) {
        return "/internal/v1/owners/" + ownerId + "/tokens";
    }

    private static void assertNotFound(ApiClient.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(404);
        assertThat(response.body()).isEqualTo("{\"error\":\"Not found\"}");
    }
}
