package com.holidaylistings.integration.api.portal;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The system's headless Chromium through its ChromeDriver (Debian's {@code chromium} and
 * {@code chromium-driver}); nothing is downloaded. Tests are skipped where they are not installed.
 */
final class Chromium {

    static final Path BROWSER = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    /**
     * Where screenshots go: target/ by default, so that a test run leaves the tree clean; docs/portal.md's
     * ones are refreshed with {@code -Dportal.screenshots=../docs/portal} (relative to api-service/).
     */
    static final Path SCREENSHOTS = Path.of(System.getProperty("portal.screenshots", "target/portal-screenshots"));

    private Chromium() {}

    static void assumeInstalled() {
        assumeTrue(
                Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER),
                "Chromium and ChromeDriver are not installed (apt-get install chromium chromium-driver)");
    }

    static ChromeDriver start() {
        assumeInstalled();
        Path profile;
        try {
            profile = Files.createTempDirectory("portal-chromium-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--ignore-certificate-errors",
                "--user-data-dir=" + profile,
                "--window-size=1280,900");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile())
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        return driver;
    }

    /** Writes a screenshot of one element of the page (a figure, a form) to docs/portal/{name}.png. */
    static void screenshot(WebElement element, String name) {
        try {
            Path file = element.getScreenshotAs(OutputType.FILE).toPath();
            Files.createDirectories(SCREENSHOTS);
            Files.copy(file, SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes a full-page screenshot to docs/portal/{name}.png, at the given width. */
    static void screenshot(ChromeDriver driver, String name, int width) {
        try {
            driver.manage().window().setSize(new Dimension(width, 900));
            for (int i = 0; i < 2; i++) { // the height changes with the width
                long height = (Long) driver.executeScript("return document.documentElement.scrollHeight");
                driver.manage().window().setSize(new Dimension(width, (int) Math.min(height + 100, 4000)));
            }
            Path file = driver.getScreenshotAs(OutputType.FILE).toPath();
            Files.createDirectories(SCREENSHOTS);
            Files.copy(file, SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
            driver.manage().window().setSize(new Dimension(1280, 900));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
