package com.holidaylistings.integration.api.enquiry;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static com.holidaylistings.integration.api.support.ErrorBodies.messages;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** GET /enquiries and GET /enquiries/{id}: fields, order, limit, filters and the owner's scope. */
class EnquiryListIT extends ApiIntegrationTest {

    private static final String LIST = "/integration/v1/enquiries";
    private static final List<String> ENQUIRY_FIELDS = List.of(
            "id",
            "property_id",
            "property_title",
            "property_url",
            "subject",
            "message",
            "status",
            "user_name",
            "user_email",
            "party_details",
            "sent_at");
    private static final DateTimeFormatter NANOS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSSXXX");

    @Test
    void showsEveryFieldOfTheSpecWithTheListingSiteUrl() {
        TestWorld.Account account = world.newAccount();
        JsonNode created = world.submitEnquiry(account.propertyId());

        ApiClient.Response response = as(account).get(LIST);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().propertyNames()).containsExactly("enquiries");
        assertThat(response.json().get("enquiries").size()).isEqualTo(1);
        JsonNode enquiry = response.json().get("enquiries").get(0);
        assertThat(enquiry.propertyNames()).containsExactlyInAnyOrderElementsOf(ENQUIRY_FIELDS);
        assertThat(enquiry.get("party_details").propertyNames())
                .containsExactlyInAnyOrder("group_size", "check_in", "check_out", "occasion");
        assertThat(enquiry).isEqualTo(created);
        String slug = jdbc.sql("select url_slug from properties where id = :id")
                .param("id", account.propertyId())
                .query(String.class)
                .single();
        assertThat(enquiry.get("property_url").asString())
                .isEqualTo("https://www.holidaylistings.example/properties/" + slug);
    }

    @Test
    void getsOneEnquiryWrappedInEnquiry() {
        TestWorld.Account account = world.newAccount();
        JsonNode created = world.submitEnquiry(account.propertyId());

        ApiClient.Response response =
                as(account).get(LIST + "/" + created.get("id").asString());

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().propertyNames()).containsExactly("enquiry");
        assertThat(response.json().get("enquiry").propertyNames()).containsExactlyInAnyOrderElementsOf(ENQUIRY_FIELDS);
        assertThat(response.json().get("enquiry")).isEqualTo(created);
    }

    @Test
    void answersEnquiryNotFoundForOtherOwnersUnknownAndMalformedIds() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        String othersEnquiry = world.submitEnquiry(other.propertyId()).get("id").asString();

        for (String id : List.of(
                othersEnquiry,
                UUID.randomUUID().toString(),
                "abc",
                "1-1-1-1-1",
                othersEnquiry.replace("-", ""),
                othersEnquiry + "0")) {
            assertError(as(owner).get(LIST + "/" + id), 404, "Enquiry not found");
        }
        assertThat(as(other).get(LIST + "/" + othersEnquiry).status()).isEqualTo(200);
    }

    @Test
    void listsNewestFirst() {
        TestWorld.Account account = world.newAccount();
        List<String> submitted = submit(account.propertyId(), 3);

        assertThat(ids(as(account).get(LIST))).containsExactlyElementsOf(submitted.reversed());
    }

    @Test
    void ordersEnquiriesSentAtTheSameInstantByIdDescending() {
        TestWorld.Account account = world.newAccount();
        List<String> submitted = submit(account.propertyId(), 4);
        jdbc.sql("update enquiries set sent_at = '2026-06-01T12:00:00.123456Z' where property_id = :p")
                .param("p", account.propertyId())
                .update();
        // PostgreSQL orders uuids by their bytes, which is the order of their lower-case text.
        List<String> byIdDescending =
                submitted.stream().sorted(Comparator.reverseOrder()).toList();

        assertThat(ids(as(account).get(LIST))).containsExactlyElementsOf(byIdDescending);
        assertThat(ids(as(account).get(LIST + "?limit=2"))).containsExactlyElementsOf(byIdDescending.subList(0, 2));
    }

    @Test
    void returnsFiftyByDefaultAndUpToTheLimitGiven() {
        TestWorld.Account account = world.newAccount();
        List<String> newestFirst = submit(account.propertyId(), 55).reversed();

        assertThat(ids(as(account).get(LIST))).containsExactlyElementsOf(newestFirst.subList(0, 50));
        assertThat(ids(as(account).get(LIST + "?limit=100"))).containsExactlyElementsOf(newestFirst);
        assertThat(ids(as(account).get(LIST + "?limit=55"))).containsExactlyElementsOf(newestFirst);
        assertThat(ids(as(account).get(LIST + "?limit=54"))).containsExactlyElementsOf(newestFirst.subList(0, 54));
        assertThat(ids(as(account).get(LIST + "?limit=1"))).containsExactly(newestFirst.get(0));
    }

    @Test
    void rejectsALimitOutsideOneToOneHundred() {
        TestWorld.Account account = world.newAccount();
        for (String limit : List.of("0", "101", "-1", "abc", "", "1.5", "99999999999")) {
            ApiClient.Response response = as(account).get(LIST + "?limit=" + limit);

            assertFieldErrors(response, "Invalid request", "limit");
            assertThat(messages(response, "limit")).containsExactly("must be an integer between 1 and 100");
        }
    }

    @Test
    void filtersByOneOfTheOwnersProperties() {
        TestWorld.Account account = world.newAccount();
        UUID second = world.newProperty(account.ownerId());
        List<String> onFirst = submit(account.propertyId(), 2);
        List<String> onSecond = submit(second, 2);

        assertThat(ids(as(account).get(LIST + "?property_id=" + second)))
                .containsExactlyElementsOf(onSecond.reversed());
        assertThat(ids(as(account).get(LIST + "?property_id=" + account.propertyId())))
                .containsExactlyElementsOf(onFirst.reversed());
        assertThat(ids(as(account).get(LIST))).hasSize(4);
    }

    @Test
    void findsNothingForAnotherOwnersProperty() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        submit(owner.propertyId(), 1);
        submit(other.propertyId(), 2);

        assertThat(ids(as(owner).get(LIST + "?property_id=" + other.propertyId())))
                .isEmpty();
        assertThat(ids(as(owner).get(LIST + "?property_id=" + UUID.randomUUID())))
                .isEmpty();
    }

    @Test
    void rejectsAPropertyIdThatIsNotAUuid() {
        TestWorld.Account account = world.newAccount();
        for (String propertyId :
                List.of("abc", "1-1-1-1-1", "", account.propertyId().toString().replace("-", ""))) {
            ApiClient.Response response = as(account).get(LIST + "?property_id=" + propertyId);

            assertFieldErrors(response, "Invalid request", "property_id");
            assertThat(messages(response, "property_id")).containsExactly("must be a UUID");
        }
    }

    @Test
    void filtersByStatus() {
        TestWorld.Account account = world.newAccount();
        List<String> ids = submit(account.propertyId(), 4);
        patch(account, ids.get(1), "responded");
        patch(account, ids.get(2), "archived");
        patch(account, ids.get(3), "archived");

        assertThat(ids(as(account).get(LIST + "?status=sent"))).containsExactly(ids.get(0));
        assertThat(ids(as(account).get(LIST + "?status=responded"))).containsExactly(ids.get(1));
        assertThat(ids(as(account).get(LIST + "?status=archived"))).containsExactly(ids.get(3), ids.get(2));
        assertThat(ids(as(account).get(LIST + "?status=archived&property_id=" + account.propertyId() + "&limit=1")))
                .containsExactly(ids.get(3));
    }

    @Test
    void rejectsAnUnknownStatus() {
        TestWorld.Account account = world.newAccount();
        for (String status : List.of("open", "SENT", "", "deleted")) {
            ApiClient.Response response = as(account).get(LIST + "?status=" + status);

            assertFieldErrors(response, "Invalid request", "status");
            assertThat(messages(response, "status")).containsExactly("must be one of sent, responded, archived");
        }
    }

    @Test
    void listsOnlyEnquiriesSentStrictlyAfterSince() {
        TestWorld.Account account = world.newAccount();
        List<JsonNode> enquiries = submitNodes(account.propertyId(), 3);
        List<String> ids = enquiries.stream().map(e -> e.get("id").asString()).toList();

        assertThat(ids(as(account).get(LIST + "?since=" + sentAt(enquiries.get(0)))))
                .containsExactly(ids.get(2), ids.get(1));
        assertThat(ids(as(account).get(LIST + "?since=" + sentAt(enquiries.get(1)))))
                .containsExactly(ids.get(2));
        assertThat(ids(as(account).get(LIST + "?since=" + sentAt(enquiries.get(2)))))
                .isEmpty();
        assertThat(ids(as(account).get(LIST + "?since=2000-01-01T00:00:00Z"))).hasSize(3);
    }

    @Test
    void comparesSinceAtFullPrecision() {
        TestWorld.Account account = world.newAccount();
        JsonNode enquiry = world.submitEnquiry(account.propertyId());
        Instant sentAt = Instant.parse(sentAt(enquiry));

        String justBefore = NANOS.format(sentAt.minusNanos(400).atOffset(ZoneOffset.UTC));
        String justAfter = NANOS.format(sentAt.plusNanos(400).atOffset(ZoneOffset.UTC));

        assertThat(ids(as(account).get(LIST + "?since=" + justBefore)))
                .containsExactly(enquiry.get("id").asString());
        assertThat(ids(as(account).get(LIST + "?since=" + justAfter))).isEmpty();
    }

    @Test
    void acceptsSinceWithAnOffsetEncodedOrNot() {
        TestWorld.Account account = world.newAccount();
        List<JsonNode> enquiries = submitNodes(account.propertyId(), 2);
        Instant first = Instant.parse(sentAt(enquiries.get(0)));
        String newer = enquiries.get(1).get("id").asString();
        String plusOne = first.atOffset(ZoneOffset.ofHours(1)).toString();
        String minusFiveThirty =
                first.atOffset(ZoneOffset.ofHoursMinutes(-5, -30)).toString();
        assertThat(plusOne).contains("+01:00");

        for (String since : List.of(
                plusOne.replace("+", "%2B"),
                plusOne,
                minusFiveThirty,
                first.toString(),
                OffsetDateTime.ofInstant(first, ZoneOffset.UTC).toString().replace("Z", "%2B00:00"))) {
            ApiClient.Response response = as(account).get(LIST + "?since=" + since);

            assertThat(response.status()).as(since + ": " + response.body()).isEqualTo(200);
            assertThat(ids(response)).as(since).containsExactly(newer);
        }
    }

    @Test
    void rejectsASinceThatIsNotATimestampWithZoneOrOffset() {
        TestWorld.Account account = world.newAccount();
        for (String since : List.of(
                "yesterday",
                "2026-11-22",
                "2026-11-22T10:15:30",
                "",
                "1732270530",
                "2026-13-01T00:00:00Z",
                "2026-11-22T25:00:00Z",
                "2026-11-22T10:15:30%2B25:00")) {
            ApiClient.Response response = as(account).get(LIST + "?since=" + since);

            assertFieldErrors(response, "Invalid request", "since");
            assertThat(messages(response, "since"))
                    .as(since)
                    .singleElement()
                    .asString()
                    .contains("ISO 8601");
        }
    }

    @Test
    void acceptsSinceWithinTheYearsOfRfc3339Only() {
        TestWorld.Account account = world.newAccount();
        String id = world.submitEnquiry(account.propertyId()).get("id").asString();

        for (String since : List.of("0000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "1900-01-01T00:00:00%2B01:00")) {
            assertThat(ids(as(account).get(LIST + "?since=" + since))).as(since).containsExactly(id);
        }
        assertThat(ids(as(account).get(LIST + "?since=9999-12-31T23:59:59.999999Z")))
                .isEmpty();
        for (String since : List.of(
                "-0001-01-01T00:00:00Z",
                "%2B10000-01-01T00:00:00Z",
                "%2B999999999-12-31T23:59:59Z",
                "-999999999-01-01T00:00:00Z")) {
            assertFieldErrors(as(account).get(LIST + "?since=" + since), "Invalid request", "since");
        }
    }

    @Test
    void reportsEveryInvalidParameterAtOnce() {
        TestWorld.Account account = world.newAccount();

        ApiClient.Response response = as(account).get(LIST + "?limit=0&property_id=nope&status=open&since=soon");

        assertFieldErrors(response, "Invalid request", "limit", "property_id", "status", "since");
    }

    @Test
    void ignoresUnknownQueryParameters() {
        TestWorld.Account account = world.newAccount();
        List<String> submitted = submit(account.propertyId(), 2);

        ApiClient.Response response = as(account).get(LIST + "?page=2&cursor=abc&sort=asc&Limit=0&foo");

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(ids(response)).containsExactlyElementsOf(submitted.reversed());
    }

    @Test
    void neverShowsAnotherOwnersEnquiries() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        List<String> mine = submit(owner.propertyId(), 2);
        List<String> theirs = submit(other.propertyId(), 3);

        assertThat(ids(as(owner).get(LIST + "?limit=100"))).containsExactlyElementsOf(mine.reversed());
        assertThat(ids(as(other).get(LIST + "?limit=100"))).containsExactlyElementsOf(theirs.reversed());
        assertThat(ids(as(owner).get(LIST + "?status=sent&since=2000-01-01T00:00:00Z")))
                .doesNotContainAnyElementsOf(theirs);
    }

    private List<String> submit(UUID propertyId, int count) {
        return submitNodes(propertyId, count).stream()
                .map(e -> e.get("id").asString())
                .toList();
    }

    private List<JsonNode> submitNodes(UUID propertyId, int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> world.submitEnquiry(propertyId))
                .toList();
    }

    private void patch(TestWorld.Account account, String id, String status) {
        ApiClient.Response response = as(account).patch(LIST + "/" + id, Map.of("status", status));
        assertThat(response.status()).as(response.body()).isEqualTo(200);
    }

    private static String sentAt(JsonNode enquiry) {
        return enquiry.get("sent_at").asString();
    }

    private static List<String> ids(ApiClient.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        for (JsonNode enquiry : response.json().get("enquiries")) {
            ids.add(enquiry.get("id").asString());
        }
        return ids;
    }
}
