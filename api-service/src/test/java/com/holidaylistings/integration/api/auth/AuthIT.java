package com.holidaylistings.integration.api.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class AuthIT extends ApiIntegrationTest {

    private static final String AUTH = "/integration/v1/auth";

    @Test
    void answersWhoseTokenItIs() {
        TestWorld.Account account = world.newAccount();

        ApiClient.Response response = as(account).get("/integration/v1/auth");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("id").asString())
                .isEqualTo(account.ownerId().toString());
        assertThat(response.json().get("email").asString()).isEqualTo(account.email());
        assertThat(response.json().propertyNames()).containsExactlyInAnyOrder("id", "email");
    }

    @Test
    void acceptsTheTokenInXApiKey() {
        TestWorld.Account account = world.newAccount();

        ApiClient.Response response = http.with("X-API-Key", account.token()).get(AUTH);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().get("id").asString())
                .isEqualTo(account.ownerId().toString());
    }

    @Test
    void readsTheBearerSchemeCaseInsensitively() {
        TestWorld.Account account = world.newAccount();

        for (String scheme : List.of("bearer", "BEARER", "Bearer", "bEaReR")) {
            ApiClient.Response response =
                    http.with("Authorization", scheme + " " + account.token()).get(AUTH);

            assertThat(response.status()).as(scheme).isEqualTo(200);
            assertThat(response.json().get("id").asString())
                    .isEqualTo(account.ownerId().toString());
        }
    }

    @Test
    void acceptsBothHeadersCarryingTheSameToken() {
        TestWorld.Account account = world.newAccount();

        ApiClient.Response response =
                as(account).with("X-API-Key", account.token()).get(AUTH);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("id").asString())
                .isEqualTo(account.ownerId().toString());
    }

    @Test
    void rejectsBothHeadersCarryingDifferentTokens() {
        TestWorld.Account account = world.newAccount();
        String secondTokenOfSameOwner = world.newToken(account.ownerId(), null);
        TestWorld.Account other = world.newAccount();

        assertUnauthorized(as(account).with("X-API-Key", secondTokenOfSameOwner).get(AUTH));
        assertUnauthorized(as(account).with("X-API-Key", other.token()).get(AUTH));
        assertUnauthorized(as(account).with("X-API-Key", "nonsense").get(AUTH));
    }

    @Test
    void rejectsMissingTokenWithChallengeAndNoRateLimitHeaders() {
        ApiClient.Response response = http.get(AUTH);

        assertUnauthorized(response);
        assertThat(response.header("WWW-Authenticate")).startsWithIgnoringCase("Bearer");
        assertThat(response.headers().map().keySet())
                .noneMatch(name -> name.toLowerCase().startsWith("x-ratelimit"));
    }

    @Test
    void rejectsMalformedTokens() {
        for (String token : List.of(
                "hpo_",
                "hpo_short",
                "not-a-token",
                "hpo_" + "a".repeat(36) + "!",
                "hpo_" + "x".repeat(200),
                UUID.randomUUID().toString())) {
            ApiClient.Response response = http.withToken(token).get(AUTH);

            assertUnauthorized(response);
            assertThat(response.headers().map().keySet())
                    .noneMatch(name -> name.toLowerCase().startsWith("x-ratelimit"));
            assertUnauthorized(http.with("X-API-Key", token).get(AUTH));
        }
    }

    @Test
    void rejectsAnEmptyBearer() {
        assertUnauthorized(http.with("Authorization", "Bearer").get(AUTH));
        assertUnauthorized(http.with("Authorization", "Bearer ").get(AUTH));
        assertUnauthorized(http.with("X-API-Key", "").get(AUTH));
    }

    @Test
    void rejectsARealTokenWithOneCharacterChanged() {
        TestWorld.Account account = world.newAccount();
        String token = account.token();
        char last = token.charAt(token.length() - 1);
        String changed = token.substring(0, token.length() - 1) + (last == 'a' ? 'b' : 'a');
        String changedRandom = token.substring(0, 10) + (token.charAt(10) == 'a' ? 'b' : 'a') + token.substring(11);

        assertUnauthorized(http.withToken(changed).get(AUTH));
        assertUnauthorized(http.withToken(changedRandom).get(AUTH));
    }

    @Test
    void rejectsAWellFormedTokenThatWasNeverIssued() {
        String unknown = AccessTokenFormat.generate();

        assertThat(AccessTokenFormat.isWellFormed(unknown)).isTrue();
        assertUnauthorized(http.withToken(unknown).get(AUTH));
        assertUnauthorized(http.with("X-API-Key", unknown).get(AUTH));
    }

    @Test
    void rejectsOtherAuthorizationSchemes() {
        TestWorld.Account account = world.newAccount();
        String basic = Base64.getEncoder().encodeToString((account.email() + ":" + account.token()).getBytes());

        assertUnauthorized(http.with("Authorization", "Basic " + basic).get(AUTH));
        assertUnauthorized(
                http.with("Authorization", "Token " + account.token()).get(AUTH));
        assertUnauthorized(http.with("Authorization", account.token()).get(AUTH));
        assertUnauthorized(
                http.with("Authorization", "Bearer" + account.token()).get(AUTH));
        // A Basic header next to a valid X-API-Key is not one clear token either.
        assertUnauthorized(http.with("Authorization", "Basic " + basic)
                .with("X-API-Key", account.token())
                .get(AUTH));
    }

    @Test
    void rejectsRevokedTokenOnTheVeryNextRequest() {
        TestWorld.Owner owner = world.newOwner();
        JsonNode created = createToken(owner.id());
        ApiClient client = http.withToken(created.get("token").asString());
        assertThat(client.get(AUTH).status()).isEqualTo(200);

        ApiClient.Response revoke = admin().delete(
                        "/internal/v1/owners/" + owner.id() + "/tokens/"
                                + created.get("id").asString(),
                        null);
        assertThat(revoke.status()).isEqualTo(204);

        assertUnauthorized(client.get(AUTH));
        assertUnauthorized(client.get("/integration/v1/enquiries"));
        assertUnauthorized(
                http.with("X-API-Key", created.get("token").asString()).get(AUTH));
    }

    @Test
    void revokingOneTokenLeavesTheOwnersOtherTokensWorking() {
        TestWorld.Owner owner = world.newOwner();
        JsonNode revoked = createToken(owner.id());
        String kept = world.newToken(owner.id(), null);

        admin().delete(
                        "/internal/v1/owners/" + owner.id() + "/tokens/"
                                + revoked.get("id").asString(),
                        null);

        assertUnauthorized(http.withToken(revoked.get("token").asString()).get(AUTH));
        assertThat(http.withToken(kept).get(AUTH).status()).isEqualTo(200);
    }

    @Test
    void eachTokenSeesOnlyItsOwnOwner() {
        TestWorld.Account first = world.newAccount();
        TestWorld.Account second = world.newAccount();

        JsonNode seenByFirst = as(first).get(AUTH).json();
        JsonNode seenBySecond = as(second).get(AUTH).json();

        assertThat(seenByFirst.get("id").asString()).isEqualTo(first.ownerId().toString());
        assertThat(seenByFirst.get("email").asString()).isEqualTo(first.email());
        assertThat(seenBySecond.get("id").asString()).isEqualTo(second.ownerId().toString());
        assertThat(seenBySecond.get("email").asString()).isEqualTo(second.email());
    }

    @Test
    void recordsWhenATokenWasLastUsed() {
        TestWorld.Owner owner = world.newOwner();
        JsonNode created = createToken(owner.id());
        assertThat(listedToken(owner.id(), created.get("id").asString())
                        .get("last_used_at")
                        .isNull())
                .isTrue();

        assertThat(http.withToken(created.get("token").asString()).get(AUTH).status())
                .isEqualTo(200);

        JsonNode listed = listedToken(owner.id(), created.get("id").asString());
        assertThat(listed.get("last_used_at").isNull()).isFalse();
        Instant lastUsed = Instant.parse(listed.get("last_used_at").asString());
        Instant createdAt = Instant.parse(created.get("created_at").asString());
        assertThat(lastUsed).isAfterOrEqualTo(createdAt).isBefore(Instant.now().plusSeconds(5));
    }

    @Test
    void doesNotRecordUseOfARejectedToken() {
        TestWorld.Owner owner = world.newOwner();
        JsonNode created = createToken(owner.id());
        String token = created.get("token").asString();

        // Right token in one header, a different one in the other: refused, so not a use.
        assertUnauthorized(http.withToken(token)
                .with("X-API-Key", AccessTokenFormat.generate())
                .get(AUTH));

        assertThat(listedToken(owner.id(), created.get("id").asString())
                        .get("last_used_at")
                        .isNull())
                .isTrue();
    }

    private ApiClient admin() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private JsonNode createToken(UUID ownerId) {
        ApiClient.Response response =
                admin().post("/internal/v1/owners/" + ownerId + "/tokens", Map.of("name", "auth test"));
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json();
    }

    private JsonNode listedToken(UUID ownerId, String tokenId) {
        ApiClient.Response response = admin().get("/internal/v1/owners/" + ownerId + "/tokens");
        assertThat(response.status()).isEqualTo(200);
        for (JsonNode token : response.json().get("tokens")) {
            if (token.get("id").asString().equals(tokenId)) {
                return token;
            }
        }
        throw new AssertionError("token " + tokenId + " not listed: " + response.body());
    }

    private static void assertUnauthorized(ApiClient.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(401);
        assertThat(response.json()).as(response.body()).isNotNull();
        assertThat(response.json().propertyNames()).containsExactly("error");
        assertThat(response.json().get("error").asString()).isEqualTo("Unauthorized");
        assertThat(response.header("Content-Type")).startsWith("application/json");
    }
}
