package com.holidaylistings.integration.api.property;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static com.holidaylistings.integration.api.support.ErrorBodies.messages;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** GET /properties for integrations and POST /internal/v1/owners/{ownerId}/properties for the portal. */
class PropertyIT extends ApiIntegrationTest {

    private static final String LIST = "/integration/v1/properties";
    private static final List<String> PROPERTY_FIELDS =
            List.of("id", "title", "status", "location", "url_slug", "unique_code");

    private ApiClient portal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    static Map<String, Object> aProperty() {
        String unique = UUID.randomUUID().toString().substring(0, 13);
        return new HashMap<>(Map.of(
                "title", "Seaview Cottage " + unique,
                "location", "St Ives, Cornwall",
                "url_slug", "seaview-cottage-" + unique,
                "unique_code", "SVC-" + unique));
    }

    @Test
    void listsExactlyTheFieldsOfTheSpec() {
        TestWorld.Owner owner = world.newOwner();
        Map<String, Object> body = aProperty();
        JsonNode created = create(owner.id(), body);
        String token = world.newToken(owner.id(), null);

        ApiClient.Response response = http.withToken(token).get(LIST);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().propertyNames()).containsExactly("properties");
        assertThat(response.json().get("properties").size()).isEqualTo(1);
        JsonNode property = response.json().get("properties").get(0);
        assertThat(property.propertyNames()).containsExactlyInAnyOrderElementsOf(PROPERTY_FIELDS);
        assertThat(property).isEqualTo(created);
        assertThat(property.get("title").asString()).isEqualTo(body.get("title"));
        assertThat(property.get("location").asString()).isEqualTo(body.get("location"));
        assertThat(property.get("url_slug").asString()).isEqualTo(body.get("url_slug"));
        assertThat(property.get("unique_code").asString()).isEqualTo(body.get("unique_code"));
        assertThat(property.get("status").asString()).isEqualTo("active");
    }

    @Test
    void listsInOrderOfCreationTheSameEveryTime() {
        TestWorld.Account account = world.newAccount();
        List<String> created = new ArrayList<>(List.of(account.propertyId().toString()));
        for (int i = 0; i < 5; i++) {
            created.add(create(account.ownerId(), aProperty()).get("id").asString());
        }

        assertThat(ids(as(account).get(LIST))).containsExactlyElementsOf(created);
        assertThat(ids(as(account).get(LIST))).containsExactlyElementsOf(created);
        assertThat(ids(as(account).get(LIST + "?limit=3"))).containsExactlyElementsOf(created.subList(0, 3));
    }

    @Test
    void ordersPropertiesCreatedAtTheSameInstantById() {
        TestWorld.Owner owner = world.newOwner();
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            created.add(create(owner.id(), aProperty()).get("id").asString());
        }
        jdbc.sql("update properties set created_at = '2026-01-01T00:00:00Z' where owner_id = :owner")
                .param("owner", owner.id())
                .update();

        assertThat(ids(http.withToken(world.newToken(owner.id(), null)).get(LIST)))
                .containsExactlyElementsOf(
                        created.stream().sorted(Comparator.naturalOrder()).toList());
    }

    @Test
    void returnsOneHundredByDefaultAndUpToTheLimitGiven() {
        TestWorld.Owner owner = world.newOwner();
        String tag = owner.id().toString().substring(0, 8);
        jdbc.sql("""
                        insert into properties (id, owner_id, title, location, url_slug, unique_code, created_at)
                        select gen_random_uuid(), :owner, 'Flat ' || n, 'Town', :tag || '-flat-' || n, :tag || 'F' || n,
                               timestamptz '2026-01-01T00:00:00Z' + n * interval '1 second'
                          from generate_series(1, 101) n
                        """).param("owner", owner.id()).param("tag", "p" + tag).update();
        ApiClient client = http.withToken(world.newToken(owner.id(), null));

        List<String> byDefault = titles(client.get(LIST));
        assertThat(byDefault).hasSize(100);
        assertThat(byDefault.get(0)).isEqualTo("Flat 1");
        assertThat(byDefault.get(99)).isEqualTo("Flat 100");
        assertThat(titles(client.get(LIST + "?limit=100"))).isEqualTo(byDefault);
        assertThat(titles(client.get(LIST + "?limit=1"))).containsExactly("Flat 1");
        assertThat(titles(client.get(LIST + "?limit=37"))).isEqualTo(byDefault.subList(0, 37));
    }

    @Test
    void rejectsALimitOutsideOneToOneHundred() {
        TestWorld.Account account = world.newAccount();
        for (String limit : List.of("0", "101", "abc", "", "-5", "2.5", "99999999999")) {
            ApiClient.Response response = as(account).get(LIST + "?limit=" + limit);

            assertFieldErrors(response, "Invalid request", "limit");
            assertThat(messages(response, "limit")).containsExactly("must be an integer between 1 and 100");
        }
    }

    @Test
    void neverShowsAnotherOwnersProperties() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        UUID othersSecond = world.newProperty(other.ownerId());

        assertThat(ids(as(owner).get(LIST))).containsExactly(owner.propertyId().toString());
        assertThat(ids(as(other).get(LIST))).containsExactly(other.propertyId().toString(), othersSecond.toString());
    }

    @Test
    void createsAnActivePropertyByDefault() {
        TestWorld.Owner owner = world.newOwner();
        Map<String, Object> body = aProperty();

        ApiClient.Response response = portal().post(path(owner.id()), body);

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        JsonNode property = response.json();
        assertThat(property.propertyNames()).containsExactlyInAnyOrderElementsOf(PROPERTY_FIELDS);
        assertThat(UUID.fromString(property.get("id").asString()).version()).isEqualTo(7);
        assertThat(property.get("status").asString()).isEqualTo("active");
        assertThat(property.get("title").asString()).isEqualTo(body.get("title"));
        assertThat(property.get("location").asString()).isEqualTo(body.get("location"));
        assertThat(property.get("url_slug").asString()).isEqualTo(body.get("url_slug"));
        assertThat(property.get("unique_code").asString()).isEqualTo(body.get("unique_code"));
        assertThat(jdbc.sql("select owner_id from properties where id = :id")
                        .param("id", UUID.fromString(property.get("id").asString()))
                        .query(UUID.class)
                        .single())
                .isEqualTo(owner.id());
    }

    @Test
    void createsAnActiveOrInactivePropertyAsAsked() {
        TestWorld.Owner owner = world.newOwner();
        Map<String, Object> inactive = aProperty();
        inactive.put("status", "inactive");
        Map<String, Object> active = aProperty();
        active.put("status", "active");

        assertThat(create(owner.id(), inactive).get("status").asString()).isEqualTo("inactive");
        assertThat(create(owner.id(), active).get("status").asString()).isEqualTo("active");
    }

    @Test
    void rejectsAnUnknownStatus() {
        TestWorld.Owner owner = world.newOwner();
        for (String status : List.of("archived", "ACTIVE", "")) {
            Map<String, Object> body = aProperty();
            body.put("status", status);

            ApiClient.Response response = assertRejectedWithoutRows(owner.id(), body, "status");

            assertThat(messages(response, "status")).containsExactly("must be one of active, inactive");
        }
    }

    @Test
    void rejectsASlugThatIsNotLowerCaseWordsJoinedByHyphens() {
        TestWorld.Owner owner = world.newOwner();
        for (String slug :
                List.of("Sea View", "sea_view", "sea--view", "-sea", "sea-", "SeaView", "sea/view", "séaview")) {
            Map<String, Object> body = aProperty();
            body.put("url_slug", slug);

            assertRejectedWithoutRows(owner.id(), body, "url_slug");
        }
    }

    @Test
    void rejectsAMissingOrBlankTitleAndEveryOtherMissingField() {
        TestWorld.Owner owner = world.newOwner();
        Map<String, Object> blankTitle = aProperty();
        blankTitle.put("title", "  ");

        ApiClient.Response blank = assertRejectedWithoutRows(owner.id(), blankTitle, "title");
        assertThat(messages(blank, "title")).containsExactly("must not be blank");
        assertRejectedWithoutRows(owner.id(), Map.of(), "title", "location", "url_slug", "unique_code");
    }

    @Test
    void rejectsAUniqueCodeWithOtherCharacters() {
        TestWorld.Owner owner = world.newOwner();
        Map<String, Object> body = aProperty();
        body.put("unique_code", "SV C/1");

        assertRejectedWithoutRows(owner.id(), body, "unique_code");
    }

    @Test
    void refusesADuplicateSlugOrCodeWithConflict() {
        TestWorld.Owner owner = world.newOwner();
        TestWorld.Owner other = world.newOwner();
        Map<String, Object> first = aProperty();
        create(owner.id(), first);
        Map<String, Object> sameSlug = aProperty();
        sameSlug.put("url_slug", first.get("url_slug"));
        Map<String, Object> sameCode = aProperty();
        sameCode.put("unique_code", first.get("unique_code"));

        for (UUID ownerId : List.of(owner.id(), other.id())) {
            for (Map<String, Object> body : List.of(sameSlug, sameCode)) {
                assertError(
                        portal().post(path(ownerId), body),
                        409,
                        "A property with this url_slug or unique_code already exists");
            }
        }
        assertThat(rows("url_slug", first.get("url_slug"))).isEqualTo(1);
        assertThat(rows("unique_code", first.get("unique_code"))).isEqualTo(1);
        assertThat(rows("url_slug", sameCode.get("url_slug"))).isZero();
        assertThat(rows("unique_code", sameSlug.get("unique_code"))).isZero();
    }

    @Test
    void answersNotFoundForAnUnknownOwner() {
        for (String owner : List.of(UUID.randomUUID().toString(), "abc")) {
            assertError(portal().post("/internal/v1/owners/" + owner + "/properties", aProperty()), 404, "Not found");
        }
    }

    private ApiClient.Response assertRejectedWithoutRows(UUID ownerId, Map<String, Object> body, String... fields) {
        long before = ownerRows(ownerId);

        ApiClient.Response response = portal().post(path(ownerId), body);

        assertFieldErrors(response, "Invalid request", fields);
        assertThat(ownerRows(ownerId)).isEqualTo(before);
        return response;
    }

    private JsonNode create(UUID ownerId, Map<String, Object> body) {
        ApiClient.Response response = portal().post(path(ownerId), body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json();
    }

    private long ownerRows(UUID ownerId) {
        return jdbc.sql("select count(*) from properties where owner_id = :owner")
                .param("owner", ownerId)
                .query(Long.class)
                .single();
    }

    private long rows(String column, Object value) {
        return jdbc.sql("select count(*) from properties where " + column + " = :value")
                .param("value", value)
                .query(Long.class)
                .single();
    }

    private static String path(UUID ownerId) {
        return "/internal/v1/owners/" + ownerId + "/properties";
    }

    private static List<String> ids(ApiClient.Response response) {
        return values(response, "id");
    }

    private static List<String> titles(ApiClient.Response response) {
        return values(response, "title");
    }

    private static List<String> values(ApiClient.Response response, String field) {
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        List<String> values = new ArrayList<>();
        for (JsonNode property : response.json().get("properties")) {
            values.add(property.get(field).asString());
        }
        return values;
    }
}
