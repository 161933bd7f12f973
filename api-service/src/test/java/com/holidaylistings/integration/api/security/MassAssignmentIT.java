package com.holidaylistings.integration.api.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.Fixtures;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Mass assignment: a body that names fields the operation does not take (another owner, another
 * object's id, a status the caller may not set) changes only what the operation documents. The spec
 * ignores unknown body fields; these tests show that "ignored" means ignored.
 */
@Tag("security")
class MassAssignmentIT extends ApiIntegrationTest {

    @Test
    void aSubscriptionCannotBeMadeForAnotherOwnerOrTakeAnotherHooksIdOrStartPaused() {
        TestWorld.Account victim = world.newAccount();
        TestWorld.Account caller = world.newAccount();
        UUID victimHook = world.subscribe(victim, "https://93.184.215.14/victim/" + UUID.randomUUID(), null);

        Map<String, Object> body = new HashMap<>();
        body.put("targetUrl", "https://93.184.215.14/caller/" + UUID.randomUUID());
        body.put("id", victimHook.toString());
        body.put("ownerId", victim.ownerId().toString());
        body.put("owner_id", victim.ownerId().toString());
        body.put("paused", true);
        body.put("secret", "whsec_chosen");
        ApiClient.Response response = as(caller).post("/integration/v1/hooks/enquiries", body);

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        UUID created = UUID.fromString(response.json().get("id").asString());
        assertThat(created).isNotEqualTo(victimHook);
        assertThat(jdbc.sql("select owner_id from webhook_subscriptions where id = :id")
                        .param("id", created)
                        .query(UUID.class)
                        .single())
                .isEqualTo(caller.ownerId());
        assertThat(jdbc.sql("select paused from webhook_subscriptions where id = :id")
                        .param("id", created)
                        .query(Boolean.class)
                        .single())
                .isFalse();
        assertThat(jdbc.sql("select count(*) from webhook_subscriptions where owner_id = :owner")
                        .param("owner", victim.ownerId())
                        .query(Integer.class)
                        .single())
                .as("the victim's hooks")
                .isEqualTo(1);
    }

    @Test
    void anEnquiryUpdateChangesItsStatusAndNothingElse() {
        TestWorld.Account caller = world.newAccount();
        TestWorld.Account other = world.newAccount();
        UUID enquiry = world.newEnquiry(caller);

        ApiClient.Response response = as(caller)
                .patch(
                        "/integration/v1/enquiries/" + enquiry,
                        Map.of(
                                "status",
                                "archived",
                                "id",
                                UUID.randomUUID().toString(),
                                "property_id",
                                other.propertyId().toString(),
                                "owner_id",
                                other.ownerId().toString(),
                                "user_email",
                                "attacker@example.com",
                                "sent_at",
                                "2001-01-01T00:00:00Z"));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        Map<String, Object> row = jdbc.sql(
                        "select status, property_id, user_email, sent_at < now() - interval '1 day' as backdated"
                                + " from enquiries where id = :id")
                .param("id", enquiry)
                .query()
                .singleRow();
        assertThat(row.get("status")).isEqualTo("archived");
        assertThat(row.get("property_id")).isEqualTo(caller.propertyId());
        assertThat(row.get("user_email")).isNotEqualTo("attacker@example.com");
        assertThat(row.get("backdated")).isEqualTo(false);
    }

    @Test
    void aGuestErasureErasesTheGuestOfItsAddressAndNoOneNamedBesides() {
        TestWorld.Account owner = world.newAccount();
        String guest = "guest-" + UUID.randomUUID() + "@example.org";
        String bystander = "bystander-" + UUID.randomUUID() + "@example.org";
        UUID guests = submitAs(owner, guest);
        UUID bystanders = submitAs(owner, bystander);

        ApiClient.Response response = http.with("X-Admin-Key", TestWorld.ADMIN_KEY)
                .post(
                        "/internal/v1/guests/erasures",
                        Map.of(
                                "email", guest,
                                "enquiry_id", bystanders.toString(),
                                "enquiries", List.of(bystanders.toString()),
                                "user_email", bystander,
                                "owner_id", owner.ownerId().toString()));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"enquiries\":1}");
        assertThat(userEmail(guests)).isEqualTo("erased@invalid");
        assertThat(userEmail(bystanders)).isEqualTo(bystander);
    }

    private UUID submitAs(TestWorld.Account owner, String email) {
        Map<String, Object> enquiry = Fixtures.anEnquiry(owner.propertyId());
        enquiry.put("user_email", email);
        return UUID.fromString(world.submitEnquiry(enquiry).get("id").asString());
    }

    private String userEmail(UUID enquiry) {
        return jdbc.sql("select user_email from enquiries where id = :id")
                .param("id", enquiry)
                .query(String.class)
                .single();
    }
}
