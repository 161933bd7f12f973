package com.holidaylistings.integration.api.web.filter;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.Fixtures;
import com.holidaylistings.integration.api.support.TestWorld;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Plain HTTP never returns data: neither on the HTTPS port nor behind a TLS-terminating proxy. */
class HttpsOnlyIT extends ApiIntegrationTest {

    private static ApiInstances.Running behindProxy;
    private static ApiInstances.Running withoutTrustedProxies;

    /** Behind a TLS-terminating proxy on this host: TRUSTED_PROXIES names loopback. */
    @BeforeAll
    static void startInstancesBehindProxies() {
        behindProxy = ApiInstances.start(Map.of(
                "server.ssl.enabled", "false", "server.tomcat.remoteip.internal-proxies", "127.0.0.0/8, ::1/128"));
        withoutTrustedProxies = ApiInstances.start(Map.of("server.ssl.enabled", "false"));
    }

    @AfterAll
    static void stopInstancesBehindProxies() {
        for (ApiInstances.Running instance : new ApiInstances.Running[] {behindProxy, withoutTrustedProxies}) {
            if (instance != null) {
                instance.close();
            }
        }
    }

    @Test
    void answersPlainHttpOnTheHttpsPortWithAnErrorAndNoData() {
        TestWorld.Account account = world.newAccount();

        ApiClient.Response response =
                ApiClient.plainHttp(port).withToken(account.token()).get("/integration/v1/auth");

        assertThat(response.status()).isBetween(400, 499);
        assertThat(response.json()).isNull();
        assertThat(response.body())
                .doesNotContain(account.email())
                .doesNotContain(account.ownerId().toString());
    }

    @Test
    void answersARawPlainHttpRequestOnTheHttpsPortWithAnError() throws IOException {
        TestWorld.Account account = world.newAccount();

        String response = rawHttp(
                port,
                "GET /integration/v1/properties HTTP/1.1\r\nHost: localhost\r\n" + "Authorization: Bearer "
                        + account.token() + "\r\nConnection: close\r\n\r\n");

        assertThat(response).startsWith("HTTP/1.1 4");
        assertThat(response).doesNotContain(account.propertyId().toString()).doesNotContain("\"properties\"");
    }

    @Test
    void refusesARequestWithoutForwardedProtoBehindAProxy() {
        TestWorld.Account account = world.newAccount();
        ApiClient plain = ApiClient.plainHttp(behindProxy.port()).withToken(account.token());

        for (String path : List.of("/integration/v1/auth", "/integration/v1/properties", "/integration/v1/enquiries")) {
            assertHttpsRequired(plain.get(path));
        }
        assertHttpsRequired(ApiClient.plainHttp(behindProxy.port()).get("/integration/v1/auth"));
    }

    @Test
    void refusesARequestForwardedFromPlainHttp() {
        TestWorld.Account account = world.newAccount();
        ApiClient plain = ApiClient.plainHttp(behindProxy.port()).withToken(account.token());

        assertHttpsRequired(plain.with("X-Forwarded-Proto", "http").get("/integration/v1/auth"));
        assertHttpsRequired(plain.with("X-Forwarded-Proto", "ws").get("/integration/v1/auth"));
        assertHttpsRequired(plain.with("X-Forwarded-Proto", "").get("/integration/v1/auth"));
    }

    @Test
    void refusesPlainHttpBeforeCountingOrWritingAnything() {
        TestWorld.Account account = world.newAccount();
        ApiClient plain = ApiClient.plainHttp(behindProxy.port());

        assertHttpsRequired(plain.withToken(account.token()).get("/integration/v1/auth"));
        assertHttpsRequired(plain.with("X-Admin-Key", TestWorld.ADMIN_KEY)
                .post("/internal/v1/enquiries", Fixtures.anEnquiry(account.propertyId())));
        assertHttpsRequired(plain.withToken(account.token())
                .post("/integration/v1/hooks/enquiries", Map.of("targetUrl", "https://93.184.215.14/hooks/plain")));

        assertThat(jdbc.sql("select count(*) from enquiries where property_id = :p")
                        .param("p", account.propertyId())
                        .query(Integer.class)
                        .single())
                .isZero();
        assertThat(jdbc.sql("select count(*) from webhook_subscriptions where owner_id = :o")
                        .param("o", account.ownerId())
                        .query(Integer.class)
                        .single())
                .isZero();
        ApiClient.Response first = as(account).get("/integration/v1/auth");
        assertThat(first.header("X-RateLimit-Remaining")).isEqualTo("99");
    }

    @Test
    void servesARequestForwardedFromHttps() {
        TestWorld.Account account = world.newAccount();
        ApiClient forwarded = ApiClient.plainHttp(behindProxy.port())
                .withToken(account.token())
                .with("X-Forwarded-Proto", "https");

        ApiClient.Response auth = forwarded.get("/integration/v1/auth");
        ApiClient.Response properties = forwarded.get("/integration/v1/properties");

        assertThat(auth.status()).as(auth.body()).isEqualTo(200);
        assertThat(auth.json().get("id").asString()).isEqualTo(account.ownerId().toString());
        assertThat(properties.status()).isEqualTo(200);
        assertThat(properties.json().get("properties").get(0).get("id").asString())
                .isEqualTo(account.propertyId().toString());
        assertThat(ApiClient.plainHttp(behindProxy.port())
                        .with("X-Forwarded-Proto", "https")
                        .get("/integration/v1/auth")
                        .status())
                .isEqualTo(401);
    }

    @Test
    void believesForwardedHeadersOfNoProxyUnlessTrusted() {
        TestWorld.Account account = world.newAccount();
        ApiClient forwarded = ApiClient.plainHttp(withoutTrustedProxies.port())
                .withToken(account.token())
                .with("X-Forwarded-Proto", "https")
                .with("X-Forwarded-For", "203.0.113.9");

        assertHttpsRequired(forwarded.get("/integration/v1/auth"));
        assertHttpsRequired(forwarded.get("/integration/v1/properties"));
    }

    @Test
    void sendsHstsOnlyOnAnswersToHttps() {
        TestWorld.Account account = world.newAccount();
        ApiClient plain = ApiClient.plainHttp(behindProxy.port()).withToken(account.token());

        ApiClient.Response overHttps = plain.with("X-Forwarded-Proto", "https").get("/integration/v1/auth");
        ApiClient.Response overHttp = plain.get("/integration/v1/auth");

        assertThat(overHttps.status()).isEqualTo(200);
        assertThat(overHttps.header("Strict-Transport-Security")).isEqualTo("max-age=31536000; includeSubDomains");
        assertThat(overHttp.status()).isEqualTo(403);
        assertThat(overHttp.header("Strict-Transport-Security")).isNull();
        assertThat(overHttp.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(overHttp.header("Cache-Control")).isEqualTo("no-store");
    }

    private static void assertHttpsRequired(ApiClient.Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(403);
        assertThat(response.body()).isEqualTo("{\"error\":\"HTTPS required\"}");
        assertThat(response.header("Content-Type")).startsWith("application/json");
        assertThat(response.header("X-Request-Id")).isNotBlank();
        assertThat(response.header("X-RateLimit-Remaining")).isNull();
    }

    private static String rawHttp(int port, String request) throws IOException {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            int n;
            try {
                while ((n = in.read(buffer)) >= 0) {
                    received.write(buffer, 0, n);
                }
            } catch (java.net.SocketException e) {
                // the server may reset the connection after its answer
            }
            return received.toString(StandardCharsets.ISO_8859_1);
        }
    }
}
