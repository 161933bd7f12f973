package com.holidaylistings.integration.devstack.demo;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.StackFailure;
import com.holidaylistings.integration.stack.SettingsFile;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The demo owner, their property and a token, made once through the internal API as the listing site's
 * back end would, and recorded in {@code .dev/seed.env} with the database they were made in.
 */
public final class DemoSeed {

    private DemoSeed() {}

    public static DemoData seedIfNeeded(LocalStack stack) {
        Path seed = stack.layout().dev().resolve("seed.env");
        String jdbcUrl = stack.database().jdbcUrl();
        Map<String, String> recorded = SettingsFile.read(seed);
        if (!recorded.isEmpty()) {
            String seededIn = recorded.getOrDefault("DEMO_SEEDED_DATABASE", "");
            // the stack's own database, started on another port by an earlier version of the launcher
            boolean ownDatabaseElsewhere = !stack.database().external()
                    && seededIn.matches("jdbc:postgresql://127\\.0\\.0\\.1:[0-9]+/owner_integration");
            if (seededIn.equals(jdbcUrl) || ownDatabaseElsewhere) {
                return new DemoData(
                        recorded.getOrDefault("DEMO_OWNER_ID", ""),
                        recorded.getOrDefault("DEMO_PROPERTY_ID", ""),
                        recorded.getOrDefault("DEMO_TOKEN", ""));
            }
            Console.warn("the demo data in " + stack.layout().rel(seed) + " belongs to another database ("
                    + (seededIn.isEmpty() ? "?" : seededIn) + "): seeding again");
        }
        if (stack.processes().runningPid("api-service").isEmpty()) {
            Console.warn("api-service is not running: no demo data seeded");
            return DemoData.NONE;
        }
        Console.say("seeding the demo owner, property and token");
        InternalApi api =
                new InternalApi(stack.secrets().caCertificate(), stack.secrets().adminApiKey());
        String ownerId = created(stack, api, "/owners", "{\"email\":\"demo-owner@example.com\"}", "id");
        String propertyId = created(
                stack,
                api,
                "/owners/" + ownerId + "/properties",
                "{\"title\":\"Seaview Cottage\",\"location\":\"St Ives, Cornwall\",\"url_slug\":\"seaview-cottage\",\"unique_code\":\"SEA-001\"}",
                "id");
        String token = created(stack, api, "/owners/" + ownerId + "/tokens", "{\"name\":\"demo\"}", "token");
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("DEMO_OWNER_ID", ownerId);
        settings.put("DEMO_PROPERTY_ID", propertyId);
        settings.put("DEMO_TOKEN", token);
        settings.put("DEMO_SEEDED_DATABASE", jdbcUrl);
        BackgroundProcesses.write(
                seed,
                "# Demo data seeded by dev/up.sh on " + Instant.now().truncatedTo(ChronoUnit.SECONDS)
                        + "; delete this file to seed again.\n" + SettingsFile.lines(settings));
        return new DemoData(ownerId, propertyId, token);
    }

    private static String created(LocalStack stack, InternalApi api, String path, String body, String field) {
        InternalApi.Answer answer = api.post(path, body);
        if (answer.status() == 409 && path.equals("/owners")) {
            throw new StackFailure("seeding: demo-owner@example.com already exists in this database, but "
                    + stack.layout().rel(stack.layout().dev().resolve("seed.env"))
                    + " does not describe it; restore that file, or start afresh with dev/down.sh --purge");
        }
        if (answer.status() != 201) {
            throw new StackFailure(
                    "seeding: POST /internal/v1" + path + " answered " + answer.status() + ": " + answer.body());
        }
        String value = answer.field(field);
        if (value.isEmpty()) {
            throw new StackFailure("seeding: no " + field + " in the answer to POST " + path);
        }
        return value;
    }
}
