package com.holidaylistings.integration.api.enquiry;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.Fixtures;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * POST /internal/v1/enquiries with an Idempotency-Key: a retry gets the first answer and creates
 * nothing, whichever replica it reaches and however close together the copies arrive.
 */
class IdempotentIntakeIT extends ApiIntegrationTest {

    private static final String INTAKE = "/internal/v1/enquiries";
    private static final String REPLAYED = "Idempotent-Replayed";

    private ApiClient listingSite(String key) {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY).with("Idempotency-Key", key);
    }

    @Test
    void answersARetryWithTheFirstAnswerAndCreatesNothing() {
        TestWorld.Account account = world.newAccount();
        String key = UUID.randomUUID().toString();
        Map<String, Object> enquiry = Fixtures.anEnquiry(account.propertyId());

        ApiClient.Response first = listingSite(key).post(INTAKE, enquiry);
        ApiClient.Response retry = listingSite(key).post(INTAKE, enquiry);

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(first.header(REPLAYED)).isNull();
        assertThat(retry.status()).as(retry.body()).isEqualTo(201);
        assertThat(retry.header(REPLAYED)).isEqualTo("true");
        assertThat(retry.header("Content-Type")).startsWith("application/json");
        assertThat(retry.body()).isEqualTo(first.body());
        assertThat(enquiries(account)).isEqualTo(1);
        assertThat(outboxEvents(account)).isEqualTo(1);
    }

    @Test
    void answersTheFirstAnswerEvenAfterTheEnquiryChanged() {
        TestWorld.Account account = world.newAccount();
        String key = UUID.randomUUID().toString();
        Map<String, Object> enquiry = Fixtures.anEnquiry(account.propertyId());
        ApiClient.Response first = listingSite(key).post(INTAKE, enquiry);
        String id = first.json().get("enquiry").get("id").asString();
        as(account).patch("/integration/v1/enquiries/" + id, Map.of("status", "responded"));

        ApiClient.Response retry = listingSite(key).post(INTAKE, enquiry);

        assertThat(retry.json().get("enquiry").get("status").asString()).isEqualTo("sent");
        assertThat(retry.body()).isEqualTo(first.body());
    }

    @Test
    void answersTheFirstAnswerEvenAfterThePropertyStoppedTakingEnquiries() {
        TestWorld.Account account = world.newAccount();
        String key = UUID.randomUUID().toString();
        Map<String, Object> enquiry = Fixtures.anEnquiry(account.propertyId());
        ApiClient.Response first = listingSite(key).post(INTAKE, enquiry);
        jdbc.sql("update properties set status = 'inactive' where id = :id")
                .param("id", account.propertyId())
                .update();

        ApiClient.Response retry = listingSite(key).post(INTAKE, enquiry);
        ApiClient.Response another = listingSite(UUID.randomUUID().toString()).post(INTAKE, enquiry);

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(retry.status()).as(retry.body()).isEqualTo(201);
        assertThat(retry.header(REPLAYED)).isEqualTo("true");
        assertThat(retry.body()).isEqualTo(first.body());
        assertFieldErrors(another, "Invalid request", "property_id");
        assertThat(enquiries(account)).isEqualTo(1);
    }

    @Test
    void treatsTheSameJsonWithOtherWhitespaceAndKeyOrderAsTheSameRequest() {
        TestWorld.Account account = world.newAccount();
        String key = UUID.randomUUID().toString();
        String compact = """
                {"property_id":"%s","subject":"Summer week","message":"Free in August?","user_name":"Ada Guest",\
                "user_email":"ada@example.org","party_details":{"group_size":4,"check_in":"2027-08-01",\
                "check_out":"2027-08-08"}}""".formatted(account.propertyId());
        String reordered = """
                {
                  "party_details": { "check_out": "2027-08-08", "check_in": "2027-08-01", "group_size": 4,
                                     "occasion": null },
                  "user_email": "ada@example.org",  "user_name": "Ada Guest",
                  "message": "Free in August?", "subject": "Summer week",
                  "property_id": "%s"
                }
                """.formatted(account.propertyId());

        ApiClient.Response first = listingSite(key).post(INTAKE, compact);
        ApiClient.Response retry = listingSite(key).post(INTAKE, reordered);

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(retry.status()).as(retry.body()).isEqualTo(201);
        assertThat(retry.header(REPLAYED)).isEqualTo("true");
        assertThat(enquiries(account)).isEqualTo(1);
    }

    @Test
    void refusesTheSameKeyWithAnotherRequest() {
        TestWorld.Account account = world.newAccount();
        String key = UUID.randomUUID().toString();
        Map<String, Object> enquiry = Fixtures.anEnquiry(account.propertyId());
        listingSite(key).post(INTAKE, enquiry);
        Map<String, Object> other = Fixtures.anEnquiry(account.propertyId());
        other.put("message", "And in September?");

        ApiClient.Response reused = listingSite(key).post(INTAKE, other);

        assertError(reused, 422, "Idempotency key reused with a different request");
        assertThat(reused.header(REPLAYED)).isNull();
        assertThat(enquiries(account)).isEqualTo(1);
    }

    @Test
    void keepsNothingForARefusedRequestSoThatItsKeyCanBeUsedWhenCorrected() {
        TestWorld.Account account = world.newAccount();
        String key = UUID.randomUUID().toString();
        Map<String, Object> enquiry = Fixtures.anEnquiry(account.propertyId());
        enquiry.put("user_email", "not an address");

        assertFieldErrors(listingSite(key).post(INTAKE, enquiry), "Invalid request", "user_email");
        enquiry.put("user_email", "ada@example.org");
        ApiClient.Response corrected = listingSite(key).post(INTAKE, enquiry);

        assertThat(corrected.status()).as(corrected.body()).isEqualTo(201);
        assertThat(corrected.header(REPLAYED)).isNull();
        assertThat(enquiries(account)).isEqualTo(1);
    }

    @Test
    void createsOneEnquiryPerKey() {
        TestWorld.Account account = world.newAccount();
        Map<String, Object> enquiry = Fixtures.anEnquiry(account.propertyId());

        ApiClient.Response one = listingSite(UUID.randomUUID().toString()).post(INTAKE, enquiry);
        ApiClient.Response two = listingSite(UUID.randomUUID().toString()).post(INTAKE, enquiry);

        assertThat(one.status()).isEqualTo(201);
        assertThat(two.status()).isEqualTo(201);
        assertThat(two.header(REPLAYED)).isNull();
        assertThat(enquiries(account)).isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "two words", "k-256-characters"})
    void refusesAnInvalidKeyWith400(String key) {
        TestWorld.Account account = world.newAccount();
        String value = key.equals("k-256-characters") ? "k".repeat(256) : key;

        ApiClient.Response response = listingSite(value).post(INTAKE, Fixtures.anEnquiry(account.propertyId()));

        assertFieldErrors(response, "Invalid request", "Idempotency-Key");
        assertThat(enquiries(account)).isZero();
    }

    @Test
    void createsExactlyOneEnquiryForCopiesSentAtOnceToTwoReplicas() throws Exception {
        TestWorld.Account account = world.newAccount();
        int copies = 12;
        try (ApiInstances.Running replica = ApiInstances.start(Map.of());
                ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<ApiClient> replicas = List.of(http, ApiClient.https(replica.port()));
            for (int round = 0; round < 5; round++) {
                String key = UUID.randomUUID().toString();
                Map<String, Object> enquiry = Fixtures.anEnquiry(account.propertyId());
                enquiry.put("subject", "Round " + round);
                CountDownLatch go = new CountDownLatch(1);
                List<Future<ApiClient.Response>> answers = new ArrayList<>();
                for (int i = 0; i < copies; i++) {
                    ApiClient client = replicas.get(i % 2)
                            .with("X-Admin-Key", TestWorld.ADMIN_KEY)
                            .with("Idempotency-Key", key);
                    answers.add(threads.submit(() -> {
                        go.await();
                        return client.post(INTAKE, enquiry);
                    }));
                }
                go.countDown();

                int created = 0;
                Set<String> ids = new HashSet<>();
                for (Future<ApiClient.Response> future : answers) {
                    ApiClient.Response answer = future.get();
                    assertThat(answer.status()).as(answer.body()).isIn(201, 409);
                    if (answer.status() == 409) {
                        assertError(answer, 409, "Request in progress");
                        continue;
                    }
                    ids.add(answer.json().get("enquiry").get("id").asString());
                    if (answer.header(REPLAYED) == null) {
                        created++;
                    }
                }
                assertThat(created)
                        .as("round %d: answers that created an enquiry", round)
                        .isEqualTo(1);
                assertThat(ids).as("round %d: enquiries answered", round).hasSize(1);
                assertThat(enquiries(account, "Round " + round)).isEqualTo(1);
            }
        }
    }

    private long enquiries(TestWorld.Account account) {
        return jdbc.sql("select count(*) from enquiries where property_id = :property")
                .param("property", account.propertyId())
                .query(Long.class)
                .single();
    }

    private long enquiries(TestWorld.Account account, String subject) {
        return jdbc.sql("select count(*) from enquiries where property_id = :property and subject = :subject")
                .param("property", account.propertyId())
                .param("subject", subject)
                .query(Long.class)
                .single();
    }

    private long outboxEvents(TestWorld.Account account) {
        return jdbc.sql("""
                        select count(*) from outbox o join enquiries e on e.id = o.aggregate_id
                         where e.property_id = :property""")
                .param("property", account.propertyId())
                .query(Long.class)
                .single();
    }
}
