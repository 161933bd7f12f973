package com.holidaylistings.integration.api.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.TestWorld;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Portal sessions against login CSRF and abandoned browsers: a link for another owner opened in a
 * live session asks before switching (only the page's own form switches), and a session ends after
 * its idle timeout as well as after its absolute lifetime.
 */
@Tag("security")
class PortalSessionGuardsIT extends ApiIntegrationTest {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    private String linkFor(UUID ownerId) {
        return linkFor(http, ownerId);
    }

    private static String linkFor(ApiClient client, UUID ownerId) {
        ApiClient.Response response = client.with("X-Admin-Key", TestWorld.ADMIN_KEY)
                .post("/internal/v1/owners/" + ownerId + "/portal-sessions", null);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        URI uri = URI.create(response.json().get("url").asString());
        return uri.getRawPath() + "?" + uri.getRawQuery();
    }

    private static String tokenOf(String link) {
        return link.substring(link.indexOf("token=") + "token=".length());
    }

    /** Opens the link with no session; the session cookie as a request header value. */
    private static String open(ApiClient client, String link) {
        ApiClient.Response opened = client.get(link);
        assertThat(opened.status()).as(opened.body()).isEqualTo(302);
        return opened.header("Set-Cookie").split(";")[0];
    }

    private static String csrfOf(ApiClient.Response page) {
        Matcher matcher = CSRF.matcher(page.body());
        assertThat(matcher.find()).as(page.body()).isTrue();
        return matcher.group(1);
    }

    private static ApiClient.Response submit(ApiClient client, String path, String form) {
        return client.send("POST", path, form, "application/x-www-form-urlencoded");
    }

    private boolean linkUsed(String link) {
        return jdbc.sql("select used_at is not null from portal_links where token_hash = :hash")
                .param("hash", com.holidaylistings.integration.api.auth.TokenHash.of(tokenOf(link)))
                .query(Boolean.class)
                .single();
    }

    private int sessionsOf(UUID ownerId) {
        return jdbc.sql("select count(*) from portal_sessions where owner_id = :o")
                .param("o", ownerId)
                .query(Integer.class)
                .single();
    }

    @Test
    void asksBeforeSwitchingToAnotherOwnersLinkAndKeepsTheLiveSessionMeanwhile() {
        TestWorld.Owner victim = world.newOwner();
        TestWorld.Owner attacker = world.newOwner();
        ApiClient browser = http.with("Cookie", open(http, linkFor(victim.id())));
        String attackersLink = linkFor(attacker.id());

        ApiClient.Response asked = browser.get(attackersLink);

        assertThat(asked.status()).isEqualTo(200);
        assertThat(asked.header("Set-Cookie")).isNull();
        assertThat(asked.header("Cache-Control")).isEqualTo("no-store");
        assertThat(asked.body())
                .contains(
                        "<h1>Switch account?</h1>",
                        victim.email(),
                        attacker.email(),
                        "action=\"/portal/switch\"",
                        "Switch account</button>");
        assertThat(linkUsed(attackersLink)).as("the link is not used by asking").isFalse();
        assertThat(sessionsOf(attacker.id())).isZero();
        assertThat(browser.get("/portal/").status())
                .as("still the victim's session")
                .isEqualTo(200);
    }

    @Test
    void switchesOnlyThroughThePagesFormWithTheLiveSessionsCsrfToken() {
        TestWorld.Owner first = world.newOwner();
        TestWorld.Owner second = world.newOwner();
        String firstCookie = open(http, linkFor(first.id()));
        ApiClient browser = http.with("Cookie", firstCookie);
        String secondLink = linkFor(second.id());
        String csrf = csrfOf(browser.get(secondLink));
        String token = URLEncoder.encode(tokenOf(secondLink), StandardCharsets.UTF_8);

        ApiClient.Response forged = submit(browser, "/portal/switch", "token=" + token);
        assertThat(forged.status()).as("a cross-site form has no CSRF token").isEqualTo(403);
        assertThat(forged.header("Set-Cookie")).isNull();
        assertThat(linkUsed(secondLink)).isFalse();
        assertThat(submit(http, "/portal/switch", "token=" + token + "&_csrf=" + csrf)
                        .status())
                .as("no session at all")
                .isEqualTo(401);

        ApiClient.Response switched = submit(browser, "/portal/switch", "token=" + token + "&_csrf=" + csrf);

        assertThat(switched.status()).as(switched.body()).isEqualTo(302);
        assertThat(URI.create(switched.header("Location")).getPath()).isEqualTo("/portal/");
        String secondCookie = switched.header("Set-Cookie").split(";")[0];
        assertThat(secondCookie).startsWith("__Host-portal-session=").isNotEqualTo(firstCookie);
        assertThat(linkUsed(secondLink)).isTrue();
        assertThat(sessionsOf(second.id())).isEqualTo(1);
        assertThat(sessionsOf(first.id())).as("the replaced session is ended").isZero();
        assertThat(http.with("Cookie", firstCookie).get("/portal/").status()).isEqualTo(401);
        assertThat(http.with("Cookie", secondCookie).get("/portal/").status()).isEqualTo(200);
        assertThat(submit(
                                http.with("Cookie", secondCookie),
                                "/portal/switch",
                                "token=" + token + "&_csrf="
                                        + csrfOf(http.with("Cookie", secondCookie)
                                                .get("/portal/")))
                        .status())
                .as("a link works once")
                .isEqualTo(410);
    }

    @Test
    void opensALinkAsBeforeWithoutASessionOrInTheSameOwnersSession() {
        TestWorld.Owner owner = world.newOwner();
        String cookie = open(http, linkFor(owner.id()));

        ApiClient.Response reopened = http.with("Cookie", cookie).get(linkFor(owner.id()));

        assertThat(reopened.status()).isEqualTo(302);
        assertThat(reopened.header("Set-Cookie")).startsWith("__Host-portal-session=");
        assertThat(http.with("Cookie", "__Host-portal-session=" + RandomTokens.next())
                        .get(linkFor(owner.id()))
                        .status())
                .as("an unknown session is no session")
                .isEqualTo(302);
        assertThat(http.with("Cookie", cookie)
                        .get("/portal/open?token=" + RandomTokens.next())
                        .status())
                .as("a forged link in a live session")
                .isEqualTo(410);
    }

    @Test
    void endsASessionIdleForThirtyMinutesAndKeepsAnActiveOneAlive() {
        TestWorld.Owner idle = world.newOwner();
        TestWorld.Owner active = world.newOwner();
        String idleCookie = open(http, linkFor(idle.id()));
        String activeCookie = open(http, linkFor(active.id()));
        setLastSeen(idle.id(), "31 minutes");
        setLastSeen(active.id(), "29 minutes");

        ApiClient.Response ended = http.with("Cookie", idleCookie).get("/portal/");
        assertThat(ended.status()).isEqualTo(401);
        assertThat(ended.body()).contains("Your session has ended");

        assertThat(http.with("Cookie", activeCookie).get("/portal/").status()).isEqualTo(200);
        assertThat(jdbc.sql(
                                "select last_seen_at > now() - interval '1 minute' from portal_sessions where owner_id = :o")
                        .param("o", active.id())
                        .query(Boolean.class)
                        .single())
                .as("each request restarts the idle time")
                .isTrue();
        setLastSeen(active.id(), "29 minutes");
        assertThat(http.with("Cookie", activeCookie).get("/portal/").status())
                .as("29 minutes after the last request")
                .isEqualTo(200);
    }

    @Test
    void endsASessionAfterTheConfiguredIdleTimeout() {
        try (ApiInstances.Running shortIdle =
                ApiInstances.start(Map.of("owner-api.portal.session-idle-timeout", "2s"))) {
            ApiClient client = ApiClient.https(shortIdle.port());
            TestWorld.Owner owner = world.newOwner();
            ApiClient browser = client.with("Cookie", open(client, linkFor(client, owner.id())));
            assertThat(browser.get("/portal/").status()).isEqualTo(200);

            // Each request restarts the idle time: poll less often than the timeout, or the session lives on.
            await().atMost(Duration.ofSeconds(60))
                    .pollDelay(Duration.ofSeconds(3))
                    .pollInterval(Duration.ofSeconds(3))
                    .until(() -> browser.get("/portal/").status() == 401);

            assertThat(browser.get("/portal/").body()).contains("Your session has ended");
        }
    }

    private void setLastSeen(UUID ownerId, String ago) {
        jdbc.sql("update portal_sessions set last_seen_at = now() - cast(:ago as interval) where owner_id = :o")
                .param("ago", ago)
                .param("o", ownerId)
                .update();
    }
}
