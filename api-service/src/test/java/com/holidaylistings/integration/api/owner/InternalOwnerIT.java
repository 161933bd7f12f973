package com.holidaylistings.integration.api.owner;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.secrets.SecretCipher;
import com.holidaylistings.integration.testsupport.TestSecrets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** POST /internal/v1/owners, and the webhook secret: GET …/webhook-secret and POST …/webhook-secret/rotate. */
class InternalOwnerIT extends ApiIntegrationTest {

    @Autowired
    private SecretCipher cipher;

    @Test
    void createsAnOwner() {
        String email = uniqueEmail();

        ApiClient.Response response = admin().post("/internal/v1/owners", Map.of("email", email));

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        assertThat(response.json().propertyNames()).containsExactlyInAnyOrder("id", "email");
        assertThat(response.json().get("email").asString()).isEqualTo(email);
        UUID id = UUID.fromString(response.json().get("id").asString());
        assertThat(jdbc.sql("select email from owners where id = :id")
                        .param("id", id)
                        .query(String.class)
                        .single())
                .isEqualTo(email);
    }

    @Test
    void refusesADuplicateEmail() {
        String email = uniqueEmail();
        assertThat(admin().post("/internal/v1/owners", Map.of("email", email)).status())
                .isEqualTo(201);

        ApiClient.Response response = admin().post("/internal/v1/owners", Map.of("email", email));

        assertConflict(response);
        assertThat(ownersWithEmail(email)).isEqualTo(1);
    }

    @Test
    void refusesAnEmailDifferingOnlyInCase() {
        String email = uniqueEmail();
        assertThat(admin().post("/internal/v1/owners", Map.of("email", email)).status())
                .isEqualTo(201);

        assertConflict(admin().post("/internal/v1/owners", Map.of("email", email.toUpperCase())));
        assertConflict(admin().post("/internal/v1/owners", Map.of("email", "O" + email.substring(1))));

        assertThat(ownersWithEmail(email)).isEqualTo(1);
    }

    @Test
    void refusesAnInvalidEmail() {
        for (String email : List.of(
                "",
                "   ",
                "no-at-sign.example.com",
                "two@@example.com",
                "a@b",
                "with space@example.com",
                "a@example.com\u0007",
                "x".repeat(250) + "@example.com")) {
            ApiClient.Response response = admin().post("/internal/v1/owners", Map.of("email", email));

            assertThat(response.status()).as(email).isEqualTo(400);
            assertThat(response.json().get("error").asString()).isEqualTo("Invalid request");
            assertThat(response.json().get("details").get("fieldErrors").propertyNames())
                    .containsExactly("email");
            assertThat(response.json()
                            .get("details")
                            .get("fieldErrors")
                            .get("email")
                            .size())
                    .isPositive();
            assertThat(ownersWithEmail(email)).isZero();
        }
    }

    @Test
    void requiresAnEmail() {
        ApiClient.Response missing = admin().post("/internal/v1/owners", Map.of());
        ApiClient.Response wrongType = admin().post("/internal/v1/owners", "{\"email\": 42}");

        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json()
                        .get("details")
                        .get("fieldErrors")
                        .get("email")
                        .get(0)
                        .asString())
                .isEqualTo("is required");
        assertThat(wrongType.status()).isEqualTo(400);
        assertThat(wrongType.json().get("details").get("fieldErrors").propertyNames())
                .containsExactly("email");
    }

    @Test
    void givesEachOwnerAStableWebhookSecret() {
        TestWorld.Owner owner = world.newOwner();

        ApiClient.Response first = admin().get("/internal/v1/owners/" + owner.id() + "/webhook-secret");
        ApiClient.Response second = admin().get("/internal/v1/owners/" + owner.id() + "/webhook-secret");

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.json().propertyNames()).containsExactly("secret");
        String secret = first.json().get("secret").asString();
        assertThat(secret).startsWith("whsec_");
        assertThat(Base64.getDecoder().decode(secret.substring("whsec_".length())))
                .hasSize(32);
        assertThat(second.json().get("secret").asString()).isEqualTo(secret);
    }

    @Test
    void givesEveryOwnerADifferentWebhookSecret() {
        TestWorld.Owner one = world.newOwner();
        TestWorld.Owner two = world.newOwner();

        String first = admin().get("/internal/v1/owners/" + one.id() + "/webhook-secret")
                .json()
                .get("secret")
                .asString();
        String second = admin().get("/internal/v1/owners/" + two.id() + "/webhook-secret")
                .json()
                .get("secret")
                .asString();

        assertThat(first).isNotEqualTo(second);
    }

    @Test
    void answersNotFoundForTheSecretOfAnUnknownOrMalformedOwner() {
        for (String owner : List.of(UUID.randomUUID().toString(), "not-a-uuid", "1-1-1-1-1")) {
            ApiClient.Response response = admin().get("/internal/v1/owners/" + owner + "/webhook-secret");

            assertThat(response.status()).as(owner).isEqualTo(404);
            assertThat(response.body()).isEqualTo("{\"error\":\"Not found\"}");
        }
    }

    @Test
    void rotatesToANewSecretAndKeepsTheReplacedOneAsPrevious() {
        TestWorld.Owner owner = world.newOwner();
        String old = secretOf(owner.id());
        assertThat(stored(owner.id()).previousSecret()).isNull();
        assertThat(stored(owner.id()).rotatedAt()).isNull();

        Instant before = databaseNow();
        ApiClient.Response response = admin().post(rotate(owner.id()), null);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().propertyNames()).containsExactly("secret");
        String rotated = response.json().get("secret").asString();
        assertThat(rotated).startsWith("whsec_").isNotEqualTo(old);
        assertThat(Base64.getDecoder().decode(rotated.substring("whsec_".length())))
                .hasSize(32);
        assertThat(secretOf(owner.id())).isEqualTo(rotated);
        StoredSecret stored = stored(owner.id());
        assertThat(stored.secret()).isEqualTo(rotated);
        assertThat(stored.previousSecret()).isEqualTo(old);
        assertThat(stored.rotatedAt()).isBetween(before, databaseNow());
    }

    @Test
    void rotatingTwiceReplacesThePreviousSecretWithTheNewestReplacedOne() {
        TestWorld.Owner owner = world.newOwner();
        String original = secretOf(owner.id());
        String first =
                admin().post(rotate(owner.id()), null).json().get("secret").asString();
        Instant firstRotation = stored(owner.id()).rotatedAt();

        ApiClient.Response second = admin().post(rotate(owner.id()), "{}");

        assertThat(second.status()).as(second.body()).isEqualTo(200);
        String newest = second.json().get("secret").asString();
        assertThat(List.of(original, first, newest)).doesNotHaveDuplicates();
        StoredSecret stored = stored(owner.id());
        assertThat(stored.secret()).isEqualTo(newest);
        assertThat(stored.previousSecret()).isEqualTo(first);
        assertThat(stored.rotatedAt()).isAfterOrEqualTo(firstRotation);
        assertThat(secretOf(owner.id())).isEqualTo(newest);
    }

    @Test
    void rotatesOnlyThatOwnersSecret() {
        TestWorld.Owner owner = world.newOwner();
        TestWorld.Owner other = world.newOwner();
        String othersSecret = secretOf(other.id());

        assertThat(admin().post(rotate(owner.id()), null).status()).isEqualTo(200);

        assertThat(secretOf(other.id())).isEqualTo(othersSecret);
        assertThat(stored(other.id()).previousSecret()).isNull();
        assertThat(stored(other.id()).rotatedAt()).isNull();
    }

    @Test
    void answersNotFoundForTheRotationOfAnUnknownOrMalformedOwner() {
        for (String owner : List.of(UUID.randomUUID().toString(), "not-a-uuid", "1-1-1-1-1")) {
            ApiClient.Response response = admin().post("/internal/v1/owners/" + owner + "/webhook-secret/rotate", null);

            assertThat(response.status()).as(owner).isEqualTo(404);
            assertThat(response.body()).isEqualTo("{\"error\":\"Not found\"}");
        }
    }

    @Test
    void rotatesOnlyWithTheAdminKey() {
        TestWorld.Owner owner = world.newOwner();
        String secret = secretOf(owner.id());

        ApiClient.Response response = http.with("X-Admin-Key", "wrong").post(rotate(owner.id()), null);

        assertThat(response.status()).isEqualTo(401);
        assertThat(secretOf(owner.id())).isEqualTo(secret);
        assertThat(stored(owner.id()).previousSecret()).isNull();
    }

    @Test
    void answersNotFoundForPropertiesOfAnUnknownOrMalformedOwner() {
        for (String owner : List.of(UUID.randomUUID().toString(), "not-a-uuid", "1-1-1-1-1")) {
            ApiClient.Response response = admin().post(
                            "/internal/v1/owners/" + owner + "/properties",
                            Map.of(
                                    "title",
                                    "Cottage",
                                    "location",
                                    "Village",
                                    "url_slug",
                                    "slug-" + UUID.randomUUID(),
                                    "unique_code",
                                    "U" + UUID.randomUUID()));

            assertThat(response.status()).as(owner).isEqualTo(404);
            assertThat(response.body()).isEqualTo("{\"error\":\"Not found\"}");
        }
    }

    private int ownersWithEmail(String email) {
        return jdbc.sql("select count(*) from owners where lower(email) = lower(:email)")
                .param("email", email)
                .query(Integer.class)
                .single();
    }

    private record StoredSecret(String secret, String previousSecret, Instant rotatedAt) {}

    /** The owner's row, its secrets (stored encrypted with the current key) decrypted. */
    private StoredSecret stored(UUID ownerId) {
        return jdbc.sql("select secret, previous_secret, rotated_at from webhook_secrets where owner_id = :owner")
                .param("owner", ownerId)
                .query((rs, n) -> new StoredSecret(
                        decrypted(rs.getString("secret"), ownerId),
                        decrypted(rs.getString("previous_secret"), ownerId),
                        Timestamps.read(rs, "rotated_at")))
                .single();
    }

    private String decrypted(String stored, UUID ownerId) {
        if (stored == null) {
            return null;
        }
        assertThat(stored).as("stored encrypted").startsWith("v1." + TestSecrets.CURRENT_KEY_ID + ".");
        return cipher.decrypt(stored, ownerId);
    }

    private Instant databaseNow() {
        return jdbc.sql("select clock_timestamp()")
                .query((rs, n) -> Timestamps.read(rs, "clock_timestamp"))
                .single();
    }

    private String secretOf(UUID ownerId) {
        ApiClient.Response response = admin().get("/internal/v1/owners/" + ownerId + "/webhook-secret");
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json().get("secret").asString();
    }

    private static String rotate(UUID ownerId) {
        return "/internal/v1/owners/" + ownerId + "/webhook-secret/rotate";
    }

    private ApiClient admin() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private static String uniqueEmail() {
        return "owner-" + UUID.randomUUID() + "@example.com";
    }

    private static void assertConflict(ApiClient.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(409);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.json().propertyNames()).containsExactly("error");
        assertThat(response.json().get("error").asString()).isNotBlank();
    }
}
