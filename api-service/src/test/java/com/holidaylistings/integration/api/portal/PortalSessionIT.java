package com.holidaylistings.integration.api.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.CommandRows;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Portal links and sessions: once, for 10 minutes, for one owner; sessions in PostgreSQL; CSRF on every form. */
class PortalSessionIT extends ApiIntegrationTest {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    private ApiClient internal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private String linkFor(UUID ownerId) {
        ApiClient.Response response = internal().post("/internal/v1/owners/" + ownerId + "/portal-sessions", null);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("url").asString();
    }

    private static String pathOf(String url) {
        URI uri = URI.create(url);
        return uri.getRawPath() + "?" + uri.getRawQuery();
    }

    /** Opens a fresh link for the owner; the session cookie as a request header value. */
    private String sessionOf(UUID ownerId) {
        ApiClient.Response opened = http.get(pathOf(linkFor(ownerId)));
        assertThat(opened.status()).isEqualTo(302);
        return opened.header("Set-Cookie").split(";")[0];
    }

    private ApiClient browser(String cookie) {
        return http.with("Cookie", cookie);
    }

    private static String csrfOf(ApiClient.Response page) {
        Matcher matcher = CSRF.matcher(page.body());
        assertThat(matcher.find()).as(page.body()).isTrue();
        return matcher.group(1);
    }

    private static ApiClient.Response submit(ApiClient client, String path, String form) {
        return client.send("POST", path, form, "application/x-www-form-urlencoded");
    }

    @Test
    void issuesALinkValidForTenMinutes() {
        TestWorld.Owner owner = world.newOwner();

        ApiClient.Response response = internal().post("/internal/v1/owners/" + owner.id() + "/portal-sessions", null);

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        assertThat(response.json().propertyNames()).containsExactlyInAnyOrder("url", "expires_at");
        assertThat(response.json().get("url").asString())
                .startsWith("https://localhost:" + port + "/portal/open?token=");
        Instant expiresAt = Instant.parse(response.json().get("expires_at").asString());
        assertThat(Duration.between(Instant.now(), expiresAt)).isBetween(Duration.ofMinutes(9), Duration.ofMinutes(10));
        assertThat(jdbc.sql("select count(*) from portal_links where owner_id = :o")
                        .param("o", owner.id())
                        .query(Integer.class)
                        .single())
                .isEqualTo(1);
    }

    @Test
    void refusesALinkForAnUnknownOwnerOrWithoutTheAdminKey() {
        assertThat(internal()
                        .post("/internal/v1/owners/" + UUID.randomUUID() + "/portal-sessions", null)
                        .status())
                .isEqualTo(404);
        assertThat(internal()
                        .post("/internal/v1/owners/not-a-uuid/portal-sessions", null)
                        .status())
                .isEqualTo(404);
        TestWorld.Owner owner = world.newOwner();
        assertThat(http.post("/internal/v1/owners/" + owner.id() + "/portal-sessions", null)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void opensALinkOnceIntoASecureSessionCookie() {
        TestWorld.Account owner = world.newAccount();
        String link = pathOf(linkFor(owner.ownerId()));

        ApiClient.Response opened = http.get(link);

        assertThat(opened.status()).isEqualTo(302);
        assertThat(URI.create(opened.header("Location")).getPath()).isEqualTo("/portal/");
        String cookie = opened.header("Set-Cookie");
        assertThat(cookie)
                .startsWith("__Host-portal-session=")
                .contains("HttpOnly", "Secure", "SameSite=Lax", "Path=/")
                .contains("Max-Age=3600");
        ApiClient.Response page = browser(cookie.split(";")[0]).get("/portal/");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        assertThat(page.body()).contains("<h1>Notifications</h1>", "Integration tokens", "Webhook subscriptions");

        ApiClient.Response reused = http.get(link);
        assertThat(reused.status()).isEqualTo(410);
        assertThat(reused.header("Set-Cookie")).isNull();
        assertThat(reused.header("Content-Type")).startsWith("text/html");
        assertThat(reused.body()).contains("This link cannot be used");
    }

    @Test
    void refusesAnExpiredLink() {
        TestWorld.Owner owner = world.newOwner();
        String link = pathOf(linkFor(owner.id()));
        jdbc.sql("update portal_links set expires_at = now() - interval '1 second' where owner_id = :o")
                .param("o", owner.id())
                .update();

        ApiClient.Response response = http.get(link);

        assertThat(response.status()).isEqualTo(410);
        assertThat(response.header("Set-Cookie")).isNull();
    }

    @Test
    void refusesAForgedLink() {
        assertThat(http.get("/portal/open?token=" + RandomTokens.next()).status())
                .isEqualTo(410);
        assertThat(http.get("/portal/open").status()).isEqualTo(410);
        assertThat(http.get("/portal/open?token=").body()).contains("This link cannot be used");
    }

    @Test
    void showsNothingWithoutALiveSession() {
        TestWorld.Owner owner = world.newOwner();
        String cookie = sessionOf(owner.id());

        assertThat(http.get("/portal/").status()).isEqualTo(401);
        assertThat(browser("__Host-portal-session=" + RandomTokens.next())
                        .get("/portal/")
                        .status())
                .isEqualTo(401);
        jdbc.sql("update portal_sessions set expires_at = now() - interval '1 second' where owner_id = :o")
                .param("o", owner.id())
                .update();
        ApiClient.Response expired = browser(cookie).get("/portal/");
        assertThat(expired.status()).isEqualTo(401);
        assertThat(expired.header("Content-Type")).startsWith("text/html");
        assertThat(expired.body()).contains("Your session has ended").doesNotContain("Integration tokens");
    }

    @Test
    void storesOnlyHashesOfLinksAndSessions() {
        TestWorld.Owner owner = world.newOwner();
        String link = linkFor(owner.id());
        String token = link.substring(link.indexOf("token=") + "token=".length());
        String session = sessionOf(owner.id()).split("=", 2)[1];

        String stored = jdbc.sql("""
                        select string_agg(encode(l.token_hash, 'escape') || s.csrf_token || encode(s.id_hash, 'escape'), '')
                          from portal_links l join portal_sessions s using (owner_id) where owner_id = :o
                        """).param("o", owner.id()).query(String.class).single();
        assertThat(stored).doesNotContain(token).doesNotContain(session);
    }

    @Test
    void refusesAFormWithoutTheSessionsCsrfToken() {
        TestWorld.Owner owner = world.newOwner();
        ApiClient client = browser(sessionOf(owner.id()));
        String csrf = csrfOf(client.get("/portal/"));

        assertThat(submit(client, "/portal/tokens", "name=forged").status()).isEqualTo(403);
        assertThat(submit(client, "/portal/secret/rotate", "").status()).isEqualTo(403);
        ApiClient.Response wrong = submit(client, "/portal/tokens", "name=forged&_csrf=" + RandomTokens.next());
        assertThat(wrong.status()).isEqualTo(403);
        assertThat(wrong.body()).contains("This form has expired");
        String otherSessionsToken =
                csrfOf(browser(sessionOf(world.newOwner().id())).get("/portal/"));
        assertThat(submit(client, "/portal/tokens", "name=forged&_csrf=" + otherSessionsToken)
                        .status())
                .isEqualTo(403);
        assertThat(tokenNames(owner.id())).isEmpty();

        ApiClient.Response created = submit(client, "/portal/tokens", "name=Zapier&_csrf=" + csrf);
        assertThat(created.status()).isEqualTo(200);
        assertThat(tokenNames(owner.id())).containsExactly("Zapier");
    }

    @Test
    void showsANewTokenOnceInTheAnswerThatCreatedItThenOnlyItsName() {
        TestWorld.Owner owner = world.newOwner();
        ApiClient client = browser(sessionOf(owner.id()));
        String csrf = csrfOf(client.get("/portal/"));

        ApiClient.Response created =
                submit(client, "/portal/tokens", "name=Channel+manager&scopes=enquiries:read&_csrf=" + csrf);

        assertThat(created.status()).isEqualTo(200);
        assertThat(created.header("Cache-Control")).isEqualTo("no-store");
        String token = newTokenIn(created.body());
        assertThat(created.body()).contains("Copy it now: it is not shown again", "data-location=\"/portal/\"");
        assertThat(http.withToken(token).get("/integration/v1/auth").status()).isEqualTo(200);
        String next = client.get("/portal/").body();
        assertThat(next).contains("Channel manager").doesNotContain(token).doesNotContain("New token");
    }

    @Test
    void keepsNoNewTokensValueInAnyPortalTable() {
        TestWorld.Owner owner = world.newOwner();
        ApiClient client = browser(sessionOf(owner.id()));
        String csrf = csrfOf(client.get("/portal/"));

        String token = newTokenIn(
                submit(client, "/portal/tokens", "name=Zapier&_csrf=" + csrf).body());

        for (String table : java.util.List.of("portal_sessions", "portal_links", "access_tokens")) {
            assertThat(jdbc.sql("select count(*) from " + table + " t where strpos(t::text, :token) > 0")
                            .param("token", token)
                            .query(Integer.class)
                            .single())
                    .as(table)
                    .isZero();
        }
        assertThat(jdbc.sql("select count(*) from portal_sessions where owner_id = :o and flash_token is not null")
                        .param("o", owner.id())
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    @Test
    void tellsTheOwnerWhenTheTokenLimitIsReached() {
        TestWorld.Owner owner = world.newOwner();
        for (int i = 0; i < 20; i++) {
            world.newToken(owner.id(), null);
        }
        ApiClient client = browser(sessionOf(owner.id()));
        String csrf = csrfOf(client.get("/portal/"));

        ApiClient.Response refused = submit(client, "/portal/tokens", "name=One+too+many&_csrf=" + csrf);

        assertThat(refused.status()).isEqualTo(302);
        assertThat(client.get("/portal/").body())
                .contains("The token was not created: you already have the most active"
                        + " tokens allowed. Revoke one you no longer use, then create the new one.");
        assertThat(tokenNames(owner.id())).hasSize(20).doesNotContain("One too many");
    }

    @Test
    void refusesToStartWithoutABaseUrlUnlessTheRequestsHostIsAllowed() {
        assertThatThrownBy(() -> ApiInstances.start(Map.of("owner-api.portal.allow-request-host", "false"))
                        .close())
                .rootCause()
                .hasMessageContaining("PORTAL_BASE_URL must be set");
    }

    @Test
    void buildsLinksOnTheBaseUrlWhenOneIsSet() {
        try (ApiInstances.Running behindProxy = ApiInstances.start(Map.of(
                "owner-api.portal.allow-request-host",
                "false",
                "owner-api.portal.base-url",
                "https://owners.example.com/"))) {
            TestWorld.Owner owner = world.newOwner();

            ApiClient.Response response = ApiClient.https(behindProxy.port())
                    .with("X-Admin-Key", TestWorld.ADMIN_KEY)
                    .post("/internal/v1/owners/" + owner.id() + "/portal-sessions", null);

            assertThat(response.status()).as(response.body()).isEqualTo(201);
            assertThat(response.json().get("url").asString())
                    .startsWith("https://owners.example.com/portal/open?token=");
        }
    }

    private static String newTokenIn(String page) {
        Matcher value = Pattern.compile("id=\"new-token\" type=\"text\" readonly value=\"(hpo_[A-Za-z0-9]+)\"")
                .matcher(page);
        assertThat(value.find()).as(page).isTrue();
        return value.group(1);
    }

    @Test
    void neverReachesAnotherOwnersTokensOrHooks() {
        TestWorld.Account mine = world.newAccount();
        TestWorld.Account theirs = world.newAccount();
        UUID theirToken = UUID.fromString(internal()
                .get("/internal/v1/owners/" + theirs.ownerId() + "/tokens")
                .json()
                .get("tokens")
                .get(0)
                .get("id")
                .asString());
        UUID theirHook = UUID.fromString(http.withToken(theirs.token())
                .post("/integration/v1/hooks/enquiries", Map.of("targetUrl", "https://93.184.215.14/theirs"))
                .json()
                .get("id")
                .asString());
        ApiClient client = browser(sessionOf(mine.ownerId()));
        String page = client.get("/portal/").body();
        String csrf = csrfOf(client.get("/portal/"));

        assertThat(page)
                .doesNotContain(theirToken.toString())
                .doesNotContain(theirHook.toString())
                .doesNotContain("93.184.215.14/theirs");
        assertThat(client.get("/portal/tokens/" + theirToken + "/revoke").status())
                .isEqualTo(404);
        assertThat(submit(client, "/portal/tokens/" + theirToken + "/revoke", "_csrf=" + csrf)
                        .status())
                .isEqualTo(404);
        assertThat(submit(client, "/portal/hooks/" + theirHook + "/pause", "_csrf=" + csrf)
                        .status())
                .isEqualTo(404);
        assertThat(submit(client, "/portal/hooks/" + theirHook + "/resume", "_csrf=" + csrf)
                        .status())
                .isEqualTo(404);
        assertThat(client.get("/portal/hooks/" + theirHook + "/deliveries").status())
                .isEqualTo(404);
        ApiClient.Response redeliver = submit(
                client,
                "/portal/hooks/" + theirHook + "/deliveries/" + UUID.randomUUID() + "/redeliver",
                "_csrf=" + csrf);
        assertThat(redeliver.status()).isEqualTo(404);
        assertThat(redeliver.header("Content-Type")).startsWith("text/html");

        assertThat(http.withToken(theirs.token()).get("/integration/v1/auth").status())
                .isEqualTo(200);
        assertThat(jdbc.sql("select paused from webhook_subscriptions where id = :id")
                        .param("id", theirHook)
                        .query(Boolean.class)
                        .single())
                .isFalse();
    }

    @Test
    void pausesAndResumesTheOwnersHook() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = UUID.fromString(http.withToken(owner.token())
                .post("/integration/v1/hooks/enquiries", Map.of("targetUrl", "https://93.184.215.14/mine"))
                .json()
                .get("id")
                .asString());
        ApiClient client = browser(sessionOf(owner.ownerId()));
        String csrf = csrfOf(client.get("/portal/"));

        assertThat(submit(client, "/portal/hooks/" + hook + "/pause", "_csrf=" + csrf)
                        .status())
                .isEqualTo(302);
        assertThat(client.get("/portal/").body()).contains("Inactive", "Resume");
        assertThat(submit(client, "/portal/hooks/" + hook + "/resume", "_csrf=" + csrf)
                        .status())
                .isEqualTo(302);
        assertThat(jdbc.sql("select paused from webhook_subscriptions where id = :id")
                        .param("id", hook)
                        .query(Boolean.class)
                        .single())
                .isFalse();
    }

    @Test
    void recoversTheMissedEventsOfTheOwnersHookFromTheDeliveriesPage() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = UUID.fromString(http.withToken(owner.token())
                .post("/integration/v1/hooks/enquiries", Map.of("targetUrl", "https://93.184.215.14/recover"))
                .json()
                .get("id")
                .asString());
        UUID enquiry = UUID.fromString(
                world.submitEnquiry(owner.propertyId()).get("id").asString());
        ApiClient client = browser(sessionOf(owner.ownerId()));
        ApiClient.Response page = client.get("/portal/hooks/" + hook + "/deliveries");
        assertThat(page.body()).contains("Recover since (UTC)", "type=\"datetime-local\"");
        String csrf = csrfOf(page);
        String anHourAgo = java.time.LocalDateTime.now(java.time.ZoneOffset.UTC)
                .minusHours(1)
                .truncatedTo(java.time.temporal.ChronoUnit.MINUTES)
                .toString();

        ApiClient.Response tooOld = submit(
                client,
                "/portal/hooks/" + hook + "/recover",
                "_csrf=" + csrf + "&since="
                        + java.time.LocalDateTime.now(java.time.ZoneOffset.UTC)
                                .minusDays(15)
                                .truncatedTo(java.time.temporal.ChronoUnit.MINUTES));
        assertThat(tooOld.status()).isEqualTo(302);
        assertThat(client.get("/portal/hooks/" + hook + "/deliveries").body())
                .contains("Not recovered: the time must be at most 14 days ago.");
        assertThat(requestedDeliveries(hook)).isEmpty();

        ApiClient.Response recovered =
                submit(client, "/portal/hooks/" + hook + "/recover", "_csrf=" + csrf + "&since=" + anHourAgo);
        assertThat(recovered.status()).isEqualTo(302);
        assertThat(client.get("/portal/hooks/" + hook + "/deliveries").body())
                .contains("1 missed events are queued for delivery again.");
        assertThat(requestedDeliveries(hook)).containsExactly(enquiry);

        TestWorld.Account other = world.newAccount();
        ApiClient stranger = browser(sessionOf(other.ownerId()));
        String theirCsrf = csrfOf(stranger.get("/portal/"));
        assertThat(submit(stranger, "/portal/hooks/" + hook + "/recover", "_csrf=" + theirCsrf + "&since=" + anHourAgo)
                        .status())
                .isEqualTo(404);
    }

    /** The enquiries whose delivery the recover commands written for the hook ask for. */
    private java.util.List<UUID> requestedDeliveries(UUID hook) {
        return new CommandRows(jdbc)
                .of(hook, DeliveryCommand.Recover.class).stream()
                        .map(command -> command.enquiry().value())
                        .toList();
    }

    @Test
    void keepsTheSessionOnAnotherReplica() {
        TestWorld.Owner owner = world.newOwner();
        String cookie = sessionOf(owner.id());

        try (ApiInstances.Running replica = ApiInstances.start(Map.of())) {
            ApiClient.Response page =
                    ApiClient.https(replica.port()).with("Cookie", cookie).get("/portal/");
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.body()).contains("Notifications");
        }
    }

    @Test
    void sendsStrictHeadersOnThePortalOnly() {
        ApiClient.Response page = browser(sessionOf(world.newOwner().id())).get("/portal/");

        assertThat(page.header("Content-Security-Policy"))
                .contains("default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'")
                .doesNotContain("unsafe-inline");
        assertThat(page.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(page.header("Referrer-Policy")).isEqualTo("no-referrer");
        assertThat(page.header("Cache-Control")).isEqualTo("no-store");
        assertThat(page.body()).doesNotContain("<script>").doesNotContain(" style=");
        assertThat(http.get("/portal/assets/portal.css").header("Content-Type")).startsWith("text/css");

        ApiClient.Response api = http.get("/integration/v1/auth");
        assertThat(api.status()).isEqualTo(401);
        assertThat(api.json().get("error").asString()).isEqualTo("Unauthorized");
        assertThat(api.header("Content-Security-Policy")).isNull();
    }

    private java.util.List<String> tokenNames(UUID ownerId) {
        return jdbc.sql("select name from access_tokens where owner_id = :o order by created_at")
                .param("o", ownerId)
                .query(String.class)
                .list();
    }
}
