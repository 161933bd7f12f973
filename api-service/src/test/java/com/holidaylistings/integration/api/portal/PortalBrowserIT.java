package com.holidaylistings.integration.api.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.holidaylistings.integration.api.hookheaders.HookHeaders;
import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.CommandRows;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.events.delivery.WebhookIds;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The owner portal in a real browser (headless Chromium) against the running service on real
 * PostgreSQL, found by the accessible names that ARCHITECTURE.md fixes. Deliveries and their
 * attempts are written the way webhook-dispatcher writes them; the dispatcher itself is not part of
 * this run.
 */
class PortalBrowserIT extends ApiIntegrationTest {

    @Autowired
    private HookHeaders hookHeaders;

    private ChromeDriver browser;
    private DeliveryRows rows;
    private CommandRows commands;

    @BeforeAll
    static void chromium() {
        Chromium.assumeInstalled();
    }

    @BeforeEach
    void startBrowser() {
        rows = new DeliveryRows(jdbc);
        commands = new CommandRows(jdbc);
        browser = Chromium.start();
    }

    @AfterEach
    void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void createsATokenThatWorksUntilItIsRevoked() {
        TestWorld.Account owner = world.newAccount();
        open(owner.ownerId());
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Notifications");
        assertThat(heading(2, "Integration tokens")).isNotNull();

        WebElement name = browser.findElement(By.id("token-name"));
        assertThat(name.getAccessibleName()).isEqualTo("Token name");
        name.sendKeys("Zapier");
        press(button("Create token"));

        WebElement created = browser.findElement(By.id("new-token"));
        assertThat(created.getAccessibleName()).isEqualTo("New token");
        assertThat(created.getDomAttribute("readonly")).isNotNull();
        String token = created.getDomProperty("value");
        assertThat(token).startsWith("hpo_");
        assertThat(button("Copy").isDisplayed()).isTrue();
        assertThat(http.withToken(token).get("/integration/v1/auth").status()).isEqualTo(200);
        Chromium.screenshot(browser, "new-token", 1280);

        browser.navigate().refresh();
        assertThat(browser.findElements(By.id("new-token"))).isEmpty();
        WebElement row = tokenRow("Zapier");
        assertThat(row.getText()).contains("Zapier");
        press(row.findElement(By.xpath(".//button[normalize-space()='Revoke']")));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Revoke token");
        assertThat(http.withToken(token).get("/integration/v1/auth").status())
                .as("not revoked before confirming")
                .isEqualTo(200);
        press(button("Revoke token"));

        assertThat(browser.findElement(By.cssSelector("[role=status]")).getText())
                .contains("revoked");
        assertThat(tokenRows()).noneMatch(text -> text.contains("Zapier"));
        assertThat(http.withToken(token).get("/integration/v1/auth").status()).isEqualTo(401);
    }

    @Test
    void showsEachHookWithItsStatusAndPausesAndResumesIt() {
        TestWorld.Account owner = world.newAccount();
        UUID failing = subscribe(owner, "https://93.184.215.14/zapier/hooks/catch/123/abc");
        UUID healthy = subscribe(owner, "https://93.184.215.14/channel-manager/enquiries");
        UUID enquiry = UUID.fromString(
                world.submitEnquiry(owner.propertyId()).get("id").asString());
        Instant t0 = Instant.now().minusSeconds(600);
        attempt(healthy, UUID.randomUUID(), 1, "succeeded", 200, null, t0);
        attempt(failing, enquiry, 1, "failed", 500, null, t0);
        attempt(failing, enquiry, 2, "failed", null, "connection refused", t0.plusSeconds(60));
        // Being retried: its record waits for the third stage.
        rows.delivery(failing, enquiry, DeliveryStatus.PENDING, 2, 3);

        open(owner.ownerId());
        WebElement table = table("Webhook subscriptions");
        assertThat(table.findElements(By.xpath(".//thead//th[normalize-space()='Status']")))
                .hasSize(1);
        assertThat(hookRow(failing).getText())
                .contains(
                        "https://93.184.215.14/zapier/hooks/catch/123/abc",
                        "Failed",
                        "The last 2 attempts failed (connection refused)",
                        "All properties");
        assertThat(hookRow(healthy).getText()).contains("Active");
        Chromium.screenshot(browser, "notifications", 1280);
        Chromium.screenshot(browser, "notifications-phone", 390);

        press(hookRow(healthy).findElement(By.xpath(".//button[normalize-space()='Pause']")));
        assertThat(hookRow(healthy).getText()).contains("Inactive", "Paused");
        assertThat(paused(healthy)).isTrue();
        press(hookRow(healthy).findElement(By.xpath(".//button[normalize-space()='Resume']")));
        assertThat(hookRow(healthy).getText()).contains("Active");
        assertThat(paused(healthy)).isFalse();

        press(hookRow(failing).findElement(By.linkText("Deliveries")));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Deliveries");
        List<WebElement> attempts = attemptRows();
        assertThat(attempts).hasSize(2);
        assertThat(attempts.get(0).getText()).contains(enquiry.toString(), "2", "failed", "connection refused");
        assertThat(attempts.get(1).getText()).contains("500");
        press(attempts.get(0).findElement(By.xpath(".//button[normalize-space()='Redeliver']")));
        assertThat(browser.findElement(By.cssSelector("[role=status]")).getText())
                .contains("queued");
        // Asked of the dispatcher, which marks a delivery already being retried as asked for; its retries go on.
        assertThat(commands.of(failing, DeliveryCommand.Redeliver.class))
                .extracting(command -> command.enquiry().value(), DeliveryCommand.Redeliver::eventId)
                .containsExactly(tuple(enquiry, rows.eventId(enquiry)));
        assertThat(rows.deliveries(failing))
                .extracting(DeliveryRows.Delivery::enquiryId, DeliveryRows.Delivery::status)
                .containsExactly(tuple(enquiry, DeliveryStatus.PENDING));

        // What the dispatcher writes when the redelivery succeeds: the hook shows Active again.
        attempt(failing, enquiry, 3, "succeeded", 200, null, Instant.now());
        press(browser.findElement(By.linkText("Back to Notifications")));
        assertThat(hookRow(failing).getText()).contains("Active");
    }

    @Test
    void sendsATestEventFromTheHooksRow() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/test-event/receiver");
        open(owner.ownerId());

        press(hookRow(hook).findElement(By.xpath(".//button[normalize-space()='Send test event']")));

        assertThat(browser.findElement(By.cssSelector("[role=status]")).getText())
                .contains("Test event sent", "msg_");
        List<DeliveryCommand.TestEvent> sent = commands.of(hook, DeliveryCommand.TestEvent.class);
        assertThat(sent).hasSize(1);
        assertThat(browser.findElement(By.cssSelector("[role=status]")).getText())
                .contains(WebhookIds.of(sent.getFirst().eventId(), SubscriptionId.of(hook)));
        assertThat(sent.getFirst().event().subject()).isEqualTo("Test enquiry");
    }

    @Test
    @Tag("security")
    void saysInWordsWhyATestEventOverTheOwnersQuotaIsNotSent() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/test-event/quota");
        String test = "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook + "/test";
        for (int i = 0; i < 10; i++) {
            assertThat(internal().post(test, null).status())
                    .as("within the default quota of 10 a minute")
                    .isEqualTo(202);
        }
        open(owner.ownerId());

        press(hookRow(hook).findElement(By.xpath(".//button[normalize-space()='Send test event']")));

        assertThat(browser.findElement(By.cssSelector("[role=alert]")).getText())
                .matches(
                        "Test event not sent: you have reached the limit of 10 test events a minute; try again in \\d+ seconds?\\.");
        assertThat(commands.of(hook, DeliveryCommand.TestEvent.class))
                .as("nothing queued")
                .hasSize(10);
    }

    @Test
    void pagesFiltersAndOpensTheDetailsOfDeliveries() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/paged/receiver");
        UUID enquiry = world.newEnquiry(owner);
        rows.delivery(hook, enquiry, DeliveryStatus.SUCCEEDED, 2, 2);
        Instant t0 = Instant.now().minusSeconds(3600).truncatedTo(java.time.temporal.ChronoUnit.MICROS);
        for (int i = 0; i < 30; i++) {
            attempt(
                    hook,
                    UUID.randomUUID(),
                    1,
                    i % 3 == 0 ? "failed" : "succeeded",
                    i % 3 == 0 ? 503 : 200,
                    null,
                    t0.plusSeconds(i));
        }
        String webhookId = rows.deliveries(hook).getFirst().webhookId();
        rows.exchange(
                hook,
                enquiry,
                1,
                "failed",
                503,
                "HTTP 503",
                t0.plusSeconds(100),
                new DeliveryRows.Exchange(
                        DeliveryRows.Exchange.requestHeaders(webhookId),
                        "{\"content-type\": \"text/html\"}",
                        "<html>Service Unavailable</html>",
                        true));
        rows.exchange(
                hook,
                enquiry,
                2,
                "succeeded",
                200,
                null,
                t0.plusSeconds(200),
                new DeliveryRows.Exchange(
                        DeliveryRows.Exchange.requestHeaders(webhookId),
                        "{\"content-type\": \"application/json\"}",
                        "{\"received\": true}",
                        false));
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        rows.counted(hook, today, "succeeded", 200, 21);
        rows.counted(hook, today, "failed", 503, 11);
        rows.counted(hook, today.minusDays(1), "succeeded", 200, 48);
        rows.counted(hook, today.minusDays(2), "succeeded", 200, 35);
        rows.counted(hook, today.minusDays(2), "failed", 0, 6);
        rows.counted(hook, today.minusDays(4), "succeeded", 200, 52);

        open(owner.ownerId());
        press(hookRow(hook).findElement(By.linkText("Deliveries")));

        WebElement figure = browser.findElement(
                By.xpath("//figure[figcaption[normalize-space()='Deliveries in the last 7 days']]"));
        assertThat(figure.getAccessibleName()).isEqualTo("Deliveries in the last 7 days");
        assertThat(figure.findElements(By.cssSelector("svg rect.bar-delivered")))
                .hasSize(7);
        List<WebElement> days = table("Deliveries per day (UTC)").findElements(By.cssSelector("tbody tr"));
        assertThat(days).hasSize(7);
        assertThat(days.getLast().getText()).contains(today.toString(), "21", "11");
        assertThat(days.get(4).getText()).contains(today.minusDays(2).toString(), "35", "6");
        Chromium.screenshot(figure, "hook-stats");

        assertThat(attemptRows()).hasSize(25);
        assertThat(attemptRows().getFirst().getText()).contains(enquiry.toString(), "succeeded");
        assertThat(browser.findElements(By.linkText("Newer"))).isEmpty();
        Chromium.screenshot(browser, "deliveries", 1280);
        press(browser.findElement(By.linkText("Older")));
        assertThat(attemptRows()).hasSize(7);
        assertThat(browser.findElements(By.linkText("Older"))).isEmpty();
        press(browser.findElement(By.linkText("Newer")));
        assertThat(attemptRows()).hasSize(25);
        assertThat(attemptRows().getFirst().getText()).contains(enquiry.toString());
        assertThat(browser.findElements(By.linkText("Newer"))).isEmpty();

        WebElement status = browser.findElement(By.id("status-filter"));
        assertThat(status.getAccessibleName()).isEqualTo("Status");
        new Select(status).selectByVisibleText("Failed");
        press(button("Filter"));
        assertThat(attemptRows())
                .hasSize(11)
                .allSatisfy(row -> assertThat(row.getText()).contains("failed"));
        assertThat(browser.findElements(By.linkText("Older"))).isEmpty();

        press(attemptRows().getFirst().findElement(By.linkText("Details")));
        assertThat(heading(2, "Request")).isNotNull();
        assertThat(heading(2, "Response")).isNotNull();
        String page = browser.findElement(By.tagName("main")).getText();
        assertThat(page)
                .contains(
                        "https://93.184.215.14/paged/receiver",
                        "webhook-id: " + webhookId,
                        "webhook-signature: v1,",
                        "\"enquiry.created\"",
                        "503",
                        "<html>Service Unavailable</html>",
                        "only its first 4 KiB");
        Chromium.screenshot(browser, "attempt-detail", 1280);
    }

    @Test
    void savesAndLiftsTheThrottleAndRefusesAnInvalidOne() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/throttled/receiver");
        open(owner.ownerId());
        press(hookRow(hook).findElement(By.linkText("Deliveries")));

        WebElement field = browser.findElement(By.id("throttle-per-second"));
        assertThat(field.getAccessibleName()).isEqualTo("Max deliveries per second");
        field.sendKeys("12");
        press(button("Save throttle"));

        assertThat(browser.findElement(By.cssSelector("[role=status]")).getText())
                .contains("at most 12");
        assertThat(browser.findElement(By.id("throttle-per-second")).getDomProperty("value"))
                .isEqualTo("12");
        assertThat(throttle(hook)).isEqualTo(12);

        field = browser.findElement(By.id("throttle-per-second"));
        browser.executeScript("arguments[0].form.noValidate = true", field);
        field.clear();
        field.sendKeys("5000");
        press(button("Save throttle"));
        assertThat(browser.findElement(By.cssSelector("[role=alert]")).getText())
                .contains("not saved");
        assertThat(throttle(hook)).isEqualTo(12);

        browser.findElement(By.id("throttle-per-second")).clear();
        press(button("Save throttle"));
        assertThat(browser.findElement(By.cssSelector("[role=status]")).getText())
                .contains("Throttle removed");
        assertThat(throttle(hook)).isZero();
        assertThat(commands.of(hook, DeliveryCommand.ThrottleChanged.class))
                .as("the dispatcher told of each change, to release the backlog the old rate reserved")
                .extracting(DeliveryCommand.ThrottleChanged::perSecond)
                .containsExactly(12, null);
    }

    @Test
    void resumesADisabledHookAndRecoversTheEventsItMissed() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/disabled/receiver");
        UUID healthy = subscribe(owner, "https://93.184.215.14/healthy/receiver");
        Instant disabledAt = Instant.now().minusSeconds(7200);
        rows.disabled(hook, disabledAt.minus(Duration.ofDays(5)), disabledAt, 503, "HTTP 503");
        // Submitted while it was turned off: never fanned out to it.
        UUID first = world.newEnquiry(owner);
        UUID second = world.newEnquiry(owner);

        open(owner.ownerId());
        assertThat(hookRow(hook).getText())
                .contains("Inactive", "Turned off on", "after failing for 5 days", "HTTP 503");
        assertThat(hookRow(healthy).findElements(By.xpath(".//button[normalize-space()='Resume and recover']")))
                .isEmpty();
        Chromium.screenshot(browser, "notifications-disabled", 1280);

        press(hookRow(hook).findElement(By.xpath(".//button[normalize-space()='Resume and recover']")));

        assertThat(browser.findElement(By.cssSelector("[role=status]")).getText())
                .contains("Resumed", "2 missed events");
        assertThat(paused(hook)).isFalse();
        assertThat(jdbc.sql("select disabled_at is null from webhook_subscriptions where id = :id")
                        .param("id", hook)
                        .query(Boolean.class)
                        .single())
                .isTrue();
        assertThat(commands.of(hook, DeliveryCommand.Recover.class))
                .extracting(command -> command.enquiry().value(), DeliveryCommand.Recover::eventId)
                .containsExactly(tuple(first, rows.eventId(first)), tuple(second, rows.eventId(second)));
        assertThat(hookRow(hook).findElements(By.xpath(".//button[normalize-space()='Resume and recover']")))
                .isEmpty();
    }

    @Test
    void revealsTheSigningSecretOnlyWhenAsked() {
        TestWorld.Owner owner = world.newOwner();
        open(owner.id());
        assertThat(browser.getPageSource()).doesNotContain("whsec_");

        press(button("Reveal secret"));

        WebElement secret = browser.findElement(By.id("secret"));
        String before = secret.getDomProperty("value");
        assertThat(before).startsWith("whsec_").isEqualTo(secretOf(owner.id()));
        browser.navigate().refresh();
        assertThat(browser.getPageSource()).doesNotContain("whsec_");
    }

    @Test
    void rotatesTheSigningSecretAfterAConfirmation() {
        TestWorld.Owner owner = world.newOwner();
        String before = secretOf(owner.id());
        open(owner.id());

        press(button("Rotate secret"));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Rotate secret");
        assertThat(secretOf(owner.id())).as("not rotated before confirming").isEqualTo(before);
        press(button("Rotate secret now"));

        String after = browser.findElement(By.id("secret")).getDomProperty("value");
        assertThat(after).startsWith("whsec_").isNotEqualTo(before).isEqualTo(secretOf(owner.id()));
        assertThat(browser.findElement(By.cssSelector("[role=status]")).getText())
                .contains("rotated");
    }

    @Test
    void revealsAndRotatesAHooksSecretOnItsRowAlone() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/own-secret/receiver");
        UUID other = subscribe(owner, "https://93.184.215.14/owners-secret/receiver");
        String ownersSecret = secretOf(owner.ownerId());
        open(owner.ownerId());
        assertThat(browser.getPageSource()).doesNotContain("whsec_");

        press(hookRow(hook).findElement(By.xpath(".//button[normalize-space()='Reveal secret']")));

        assertThat(hookRow(hook).findElement(By.id("secret-" + hook)).getDomProperty("value"))
                .isEqualTo(ownersSecret);
        assertThat(hookRow(other).findElements(By.tagName("input")).stream()
                        .map(input -> input.getDomProperty("value")))
                .as("the other hook's secret stays hidden")
                .doesNotContain(ownersSecret);

        press(hookRow(hook).findElement(By.xpath(".//button[normalize-space()='Rotate secret']")));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Rotate secret");
        assertThat(hookSecretOf(owner.ownerId(), hook))
                .as("not rotated before confirming")
                .isEqualTo(ownersSecret);
        press(button("Rotate secret now"));

        String rotated = hookRow(hook).findElement(By.id("secret-" + hook)).getDomProperty("value");
        assertThat(rotated)
                .startsWith("whsec_")
                .isNotEqualTo(ownersSecret)
                .isEqualTo(hookSecretOf(owner.ownerId(), hook));
        assertThat(browser.findElement(By.cssSelector("[role=status]")).getText())
                .contains("rotated");
        Chromium.screenshot(hookRow(hook), "hook-secret");
        assertThat(hookSecretOf(owner.ownerId(), other))
                .as("the other hook keeps the owner's")
                .isEqualTo(ownersSecret);
        assertThat(secretOf(owner.ownerId())).isEqualTo(ownersSecret);
        browser.navigate().refresh();
        assertThat(browser.getPageSource()).doesNotContain("whsec_");
    }

    @Test
    void addsAndRemovesAHooksCustomHeadersAndShowsTheirValuesMasked() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = subscribe(owner, "https://93.184.215.14/pms/enquiries");
        UUID other = subscribe(owner, "https://93.184.215.14/ipaas/catch");
        open(owner.ownerId());
        assertThat(headersSection(hook).findElement(By.tagName("h3")).getText()).isEqualTo("Custom headers");
        assertThat(headersSection(hook).getAccessibleName()).isEqualTo("Custom headers");

        addHeader(hook, "Authorization", "Bearer receiver-token-9");
        assertThat(browser.findElement(By.cssSelector("[role=status]")).getText())
                .contains("Authorization saved");
        addHeader(hook, "X-Tenant", "north-7");

        assertThat(headersSection(hook).getText())
                .contains("Authorization: \u2022\u2022\u2022\u2022", "X-Tenant: \u2022\u2022\u2022\u2022");
        assertThat(browser.getPageSource())
                .as("a saved value is never shown")
                .doesNotContain("receiver-token-9", "north-7");
        assertThat(hookHeaders.of(owner.ownerId(), hook).headers())
                .containsExactly(
                        Map.entry("Authorization", "Bearer receiver-token-9"), Map.entry("X-Tenant", "north-7"));
        assertThat(headersSection(other).getText()).contains("No custom headers.");
        Chromium.screenshot(headersSection(hook), "custom-headers");

        addHeader(hook, "Host", "internal.example");
        assertThat(browser.findElement(By.cssSelector("[role=alert]")).getText())
                .contains("not saved", "Header Host is set by the delivery itself and cannot be overridden");
        assertThat(hookHeaders.of(owner.ownerId(), hook).headers()).containsOnlyKeys("Authorization", "X-Tenant");

        press(headersSection(hook)
                .findElement(By.xpath(
                        ".//li[.//code[normalize-space()='Authorization']]//button[normalize-space()='Remove']")));
        assertThat(browser.findElement(By.cssSelector("[role=status]")).getText())
                .contains("Authorization removed");
        assertThat(headersSection(hook).getText())
                .doesNotContain("Authorization")
                .contains("X-Tenant");
        assertThat(hookHeaders.of(owner.ownerId(), hook).headers()).containsExactly(Map.entry("X-Tenant", "north-7"));
        press(headersSection(hook).findElement(By.xpath(".//button[normalize-space()='Remove']")));
        assertThat(headersSection(hook).getText()).contains("No custom headers.");
        assertThat(jdbc.sql("select count(*) from hook_headers where subscription_id in (:h, :o)")
                        .param("h", hook)
                        .param("o", other)
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    @Test
    void neverShowsOrChangesAnotherOwnersTokensOrHooks() {
        TestWorld.Account mine = world.newAccount();
        TestWorld.Account theirs = world.newAccount();
        subscribe(mine, "https://93.184.215.14/mine");
        UUID theirHook = subscribe(theirs, "https://93.184.215.14/theirs");
        String theirToken = internal()
                .get("/internal/v1/owners/" + theirs.ownerId() + "/tokens")
                .json()
                .get("tokens")
                .get(0)
                .get("id")
                .asString();
        open(mine.ownerId());
        assertThat(browser.getPageSource()).doesNotContain("/theirs").doesNotContain(theirToken);

        // Edit the id in a real form of the page, as a curious owner would with the developer tools.
        WebElement pause = browser.findElement(By.xpath("//button[normalize-space()='Pause']/ancestor::form"));
        browser.executeScript("arguments[0].action = '/portal/hooks/" + theirHook + "/pause'", pause);
        press(pause.findElement(By.tagName("button")));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Not found");
        assertThat(paused(theirHook)).isFalse();

        browser.get(base() + "/portal/hooks/" + theirHook + "/deliveries");
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Not found");
        UUID theirEnquiry = world.newEnquiry(theirs);
        attempt(theirHook, theirEnquiry, 1, "failed", 503, null, Instant.now());
        long theirAttempt = jdbc.sql("select id from delivery_attempts where subscription_id = :h")
                .param("h", theirHook)
                .query(Long.class)
                .single();
        browser.get(base() + "/portal/hooks/" + theirHook + "/attempts/" + theirAttempt);
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Not found");
        browser.get(base() + "/portal/");
        for (String action : List.of(
                "test",
                "throttle",
                "resume-and-recover",
                "secret/reveal",
                "secret/rotate",
                "headers",
                "headers/remove")) {
            WebElement test =
                    browser.findElement(By.xpath("//button[normalize-space()='Send test event']/ancestor::form"));
            browser.executeScript("arguments[0].action = '/portal/hooks/" + theirHook + "/" + action + "'", test);
            press(test.findElement(By.tagName("button")));
            assertThat(browser.findElement(By.tagName("h1")).getText())
                    .as(action)
                    .isEqualTo("Not found");
            browser.get(base() + "/portal/");
        }
        assertThat(commands.of(theirHook)).isEmpty();
        assertThat(throttle(theirHook)).isZero();
        assertThat(jdbc.sql("select count(*) from hook_secrets where subscription_id = :h")
                        .param("h", theirHook)
                        .query(Integer.class)
                        .single())
                .as("no secret of its own given")
                .isZero();
        assertThat(jdbc.sql("select count(*) from hook_headers where subscription_id = :h")
                        .param("h", theirHook)
                        .query(Integer.class)
                        .single())
                .as("no header set")
                .isZero();
        assertThat(browser.getPageSource()).doesNotContain("whsec_");
        browser.get(base() + "/portal/hooks/" + theirHook + "/secret/rotate");
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Not found");
        browser.get(base() + "/portal/tokens/" + theirToken + "/revoke");
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Not found");
        assertThat(http.withToken(theirs.token()).get("/integration/v1/auth").status())
                .isEqualTo(200);
    }

    @Test
    void refusesAReusedOrExpiredLink() {
        TestWorld.Owner owner = world.newOwner();
        String link = linkFor(owner.id());
        browser.get(link);
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Notifications");

        browser.manage().deleteAllCookies();
        browser.get(link);
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("This link cannot be used");
        Chromium.screenshot(browser, "link-refused", 800);

        String expired = linkFor(owner.id());
        jdbc.sql(
                        "update portal_links set expires_at = now() - interval '1 second' where owner_id = :o and used_at is null")
                .param("o", owner.id())
                .update();
        browser.get(expired);
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("This link cannot be used");
        browser.get(base() + "/portal/");
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Your session has ended");
    }

    @Test
    @Tag("security")
    void asksBeforeALinkForAnotherOwnerReplacesTheSession() {
        TestWorld.Account signedIn = world.newAccount();
        TestWorld.Account other = world.newAccount();
        subscribe(signedIn, "https://93.184.215.14/signed-in/" + UUID.randomUUID());
        UUID othersHook = subscribe(other, "https://93.184.215.14/other/" + UUID.randomUUID());
        open(signedIn.ownerId());
        String othersLink = linkFor(other.ownerId());

        browser.get(othersLink);
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Switch account?");
        assertThat(browser.findElement(By.tagName("main")).getText()).contains(signedIn.email(), other.email());
        Chromium.screenshot(browser, "switch-account", 800);
        press(browser.findElement(By.partialLinkText("Stay signed in as")));
        assertThat(browser.getCurrentUrl()).isEqualTo(base() + "/portal/");
        assertThat(table("Webhook subscriptions").getText())
                .contains("/signed-in/")
                .doesNotContain("/other/");

        browser.get(othersLink);
        assertThat(browser.findElement(By.tagName("h1")).getText())
                .as("the link was not used by asking")
                .isEqualTo("Switch account?");
        press(button("Switch account"));

        assertThat(browser.getCurrentUrl()).isEqualTo(base() + "/portal/");
        assertThat(hookRow(othersHook).getText()).contains("/other/");
        assertThat(table("Webhook subscriptions").getText()).doesNotContain("/signed-in/");
    }

    /** Clicks a button or link that loads another page, and waits until that page has replaced this one. */
    private void press(WebElement element) {
        WebElement page = browser.findElement(By.tagName("html"));
        element.click();
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(driver -> isGone(page));
    }

    /**
     * Whether the page the element belongs to was replaced. While the next page loads, Chromium may
     * answer that the old node "does not belong to the document" instead of calling it stale: both mean gone.
     */
    private static boolean isGone(WebElement element) {
        try {
            element.isEnabled();
            return false;
        } catch (StaleElementReferenceException stale) {
            return true;
        } catch (WebDriverException e) {
            if (e.getMessage() != null && e.getMessage().contains("does not belong to the document")) {
                return true;
            }
            throw e;
        }
    }

    private String secretOf(UUID ownerId) {
        return internal()
                .get("/internal/v1/owners/" + ownerId + "/webhook-secret")
                .json()
                .get("secret")
                .asString();
    }

    private String hookSecretOf(UUID ownerId, UUID hook) {
        return internal()
                .get("/internal/v1/owners/" + ownerId + "/hooks/" + hook + "/secret")
                .json()
                .get("secret")
                .asString();
    }

    private String base() {
        return "https://localhost:" + port;
    }

    private ApiClient internal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private String linkFor(UUID ownerId) {
        ApiClient.Response response = internal().post("/internal/v1/owners/" + ownerId + "/portal-sessions", null);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("url").asString();
    }

    private void open(UUID ownerId) {
        browser.get(linkFor(ownerId));
        assertThat(browser.getCurrentUrl()).isEqualTo(base() + "/portal/");
    }

    private WebElement heading(int level, String name) {
        return browser.findElement(By.xpath("//h" + level + "[normalize-space()='" + name + "']"));
    }

    private WebElement button(String name) {
        WebElement button = browser.findElement(By.xpath("//button[normalize-space()='" + name + "']"));
        assertThat(button.getAccessibleName()).isEqualTo(name);
        return button;
    }

    private WebElement table(String caption) {
        WebElement table = browser.findElement(By.xpath("//table[caption[normalize-space()='" + caption + "']]"));
        assertThat(table.getAccessibleName()).isEqualTo(caption);
        return table;
    }

    private List<WebElement> attemptRows() {
        return table("Delivery attempts, newest first").findElements(By.cssSelector("tbody tr[data-attempt]"));
    }

    private int throttle(UUID hook) {
        return jdbc.sql("select coalesce(throttle_per_second, 0) from webhook_subscriptions where id = :id")
                .param("id", hook)
                .query(Integer.class)
                .single();
    }

    private WebElement tokenRow(String name) {
        return table("Active tokens").findElement(By.xpath(".//tbody/tr[th[normalize-space()='" + name + "']]"));
    }

    private List<String> tokenRows() {
        return table("Active tokens").findElements(By.cssSelector("tbody tr")).stream()
                .map(WebElement::getText)
                .toList();
    }

    /** The "Custom headers" section under a hook's row. */
    private WebElement headersSection(UUID hook) {
        return browser.findElement(By.id("headers-" + hook));
    }

    /** Fills in the hook's "Header name" and "Header value" (found by their labels) and presses "Add header". */
    private void addHeader(UUID hook, String name, String value) {
        WebElement section = headersSection(hook);
        WebElement nameField = section.findElement(By.id("header-name-" + hook));
        WebElement valueField = section.findElement(By.id("header-value-" + hook));
        assertThat(nameField.getAccessibleName()).isEqualTo("Header name");
        assertThat(valueField.getAccessibleName()).isEqualTo("Header value");
        nameField.sendKeys(name);
        valueField.sendKeys(value);
        press(section.findElement(By.xpath(".//button[normalize-space()='Add header']")));
    }

    private WebElement hookRow(UUID hook) {
        return table("Webhook subscriptions").findElement(By.cssSelector("tr[data-hook='" + hook + "']"));
    }

    private UUID subscribe(TestWorld.Account owner, String targetUrl) {
        ApiClient.Response response =
                http.withToken(owner.token()).post("/integration/v1/hooks/enquiries", Map.of("targetUrl", targetUrl));
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return UUID.fromString(response.json().get("id").asString());
    }

    private boolean paused(UUID hook) {
        return jdbc.sql("select paused from webhook_subscriptions where id = :id")
                .param("id", hook)
                .query(Boolean.class)
                .single();
    }

    private void attempt(
            UUID hook, UUID enquiry, int attempt, String outcome, Integer httpStatus, String error, Instant at) {
        rows.attempt(hook, enquiry, attempt, outcome, httpStatus, error, at, 42);
    }
}
