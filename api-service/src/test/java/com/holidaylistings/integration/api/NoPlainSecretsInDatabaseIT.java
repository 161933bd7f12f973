package com.holidaylistings.integration.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * No token or secret that the service handed out is kept in plain text anywhere in the database:
 * after an owner was created, given tokens and a hook (with a custom header), had its webhook secret rotated and opened a
 * portal link, every row of every table of the schema (partitions included), read as text, is
 * searched for each value as it was handed out, in base64 and in hex (as a bytea column shows it).
 */
class NoPlainSecretsInDatabaseIT extends ApiIntegrationTest {

    @Test
    void keepsNoTokenOrSecretInPlainText() {
        TestWorld.Account account = world.newAccount();
        String readOnlyToken = world.newToken(account.ownerId(), List.of("enquiries:read"));
        UUID hook = world.subscribe(account, "https://93.184.215.14/no-plain-secrets", null);
        String headerValue = "Bearer receiver-" + UUID.randomUUID();
        ApiClient.Response headers = admin().send(
                        "PUT",
                        "/internal/v1/owners/" + account.ownerId() + "/hooks/" + hook + "/headers",
                        Map.of("headers", Map.of("Authorization", headerValue)));
        assertThat(headers.status()).as(headers.body()).isEqualTo(200);
        String firstSecret = admin().get("/internal/v1/owners/" + account.ownerId() + "/webhook-secret")
                .json()
                .get("secret")
                .asString();
        ApiClient.Response rotated =
                admin().post("/internal/v1/owners/" + account.ownerId() + "/webhook-secret/rotate", null);
        assertThat(rotated.status()).as(rotated.body()).isEqualTo(200);
        String secondSecret = rotated.json().get("secret").asString();
        String linkToken = portalLinkToken(account.ownerId());
        String sessionId = openPortal(linkToken);

        Map<String, String> handedOut = new LinkedHashMap<>();
        handedOut.put("the owner's token", account.token());
        handedOut.put("the read-only token", readOnlyToken);
        handedOut.put("the previous webhook secret", firstSecret);
        handedOut.put("the current webhook secret", secondSecret);
        handedOut.put("the portal link's token", linkToken);
        handedOut.put("the portal session's id", sessionId);
        handedOut.put("a hook's custom header's value", headerValue);

        Map<String, String> needles = new LinkedHashMap<>();
        handedOut.forEach((what, value) -> forms(value).forEach(form -> needles.put(form, what)));
        needles.put(account.email(), "the owner's email, stored in plain text");

        Map<String, List<String>> found = found(needles);
        assertThat(found)
                .as("the search finds what is stored in plain text")
                .containsKey("the owner's email, stored in plain text");
        found.remove("the owner's email, stored in plain text");
        assertThat(found).as("tables holding a token or secret as handed out").isEmpty();
    }

    /** The value, and the ways it might be encoded in a row: base64 of its text, the key in a whsec_ secret, hex. */
    private static List<String> forms(String value) {
        List<String> forms = new ArrayList<>(List.of(
                value,
                Base64.getEncoder().withoutPadding().encodeToString(value.getBytes(StandardCharsets.UTF_8)),
                HexFormat.of().formatHex(value.getBytes(StandardCharsets.UTF_8))));
        if (value.startsWith("whsec_")) {
            String key = value.substring("whsec_".length());
            forms.add(key.replace("=", ""));
            forms.add(HexFormat.of().formatHex(Base64.getDecoder().decode(key)));
        }
        return forms;
    }

    /**
     * What each needle's value is (its description), mapped to the tables of the schema (partitions and
     * their parents) with a row whose text contains it; values found nowhere are left out.
     */
    private Map<String, List<String>> found(Map<String, String> needles) {
        List<String> tables = jdbc.sql("""
                        select table_name from information_schema.tables
                         where table_schema = current_schema() and table_type = 'BASE TABLE'
                         order by table_name
                        """).query(String.class).list();
        assertThat(tables)
                .contains(
                        "webhook_secrets",
                        "access_tokens",
                        "portal_sessions",
                        "portal_links",
                        "idempotency_keys",
                        "flyway_schema_history");
        Map<String, List<String>> found = new TreeMap<>();
        for (String table : tables) {
            jdbc.sql("""
                            select distinct n.needle
                              from "%s" t cross join unnest(cast(:needles as text[])) as n(needle)
                             where strpos(t::text, n.needle) > 0
                            """.formatted(table.replace("\"", "\"\"")))
                    .param("needles", needles.keySet().toArray(String[]::new))
                    .query(String.class)
                    .list()
                    .forEach(needle -> found.computeIfAbsent(needles.get(needle), what -> new ArrayList<>())
                            .add(table));
        }
        return found;
    }

    private String portalLinkToken(UUID ownerId) {
        ApiClient.Response link = admin().post("/internal/v1/owners/" + ownerId + "/portal-sessions", null);
        assertThat(link.status()).as(link.body()).isEqualTo(201);
        String query = URI.create(link.json().get("url").asString()).getRawQuery();
        assertThat(query).startsWith("token=");
        return query.substring("token=".length());
    }

    /** Opens the portal with the link; the session cookie's value. */
    private String openPortal(String linkToken) {
        ApiClient.Response opened = http.get("/portal/open?token=" + linkToken);
        assertThat(opened.status()).isEqualTo(302);
        String cookie = opened.header("Set-Cookie").split(";")[0];
        return cookie.substring(cookie.indexOf('=') + 1);
    }

    private ApiClient admin() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }
}
