package com.holidaylistings.integration.devstack.kafka;

import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.StackFailure;
import com.holidaylistings.integration.devstack.kafka.KafkaAdmin.KafkaAdminException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The principals' ACLs (docs/operations/security.md, "Security"; listed in dev/lib/kafka-acls.sh), added
 * once after the storage is formatted, with api-service's SCRAM credential, which a storage formatted
 * before api-service had a principal lacks (added through the admin, not by formatting afresh, which
 * would lose the topics); a new version of the marker ({@code acls.v5}) adds what is new to a running
 * broker. Then each downstream team's principal, once ({@code downstream-team-<team>.added}). Failures
 * are written to {@code .dev/logs/kafka.log}, whose end the message shows.
 */
final class KafkaPrincipals {

    private final LocalStack stack;
    private final String bootstrapServers;
    private final AclScript acls;
    private final DownstreamTeams teams;

    KafkaPrincipals(LocalStack stack, String bootstrapServers) {
        this.stack = stack;
        this.bootstrapServers = bootstrapServers;
        this.acls = new AclScript(stack.layout().root());
        this.teams = new DownstreamTeams(stack.layout().kafka(), acls);
    }

    void ensure() {
        Path kafka = stack.layout().kafka();
        if (!Files.exists(kafka.resolve(KafkaStorage.ACLS_MARKER))) {
            Console.say("Kafka: adding the principals' ACLs");
            try (KafkaAdmin admin = admin()) {
                scramCredential(admin, "api-service", stack.secrets().password("KAFKA_API_SERVICE_PASSWORD"));
                addAcls(admin, acls.stackAcls());
            }
            touch(kafka.resolve(KafkaStorage.ACLS_MARKER));
        }
        ensureTeams();
    }

    private void ensureTeams() {
        List<String> newTeams = teams.list(stack.environment()).stream()
                .filter(team -> !Files.exists(teamMarker(team)))
                .toList();
        if (newTeams.isEmpty()) {
            return;
        }
        try (KafkaAdmin admin = admin()) {
            for (String team : newTeams) {
                Console.say("Kafka: adding the downstream team principal downstream-" + team);
                scramCredential(admin, "downstream-" + team, teams.passwordMadeIfMissing(team));
                addAcls(admin, acls.teamAcls(team));
                touch(teamMarker(team));
            }
        }
    }

    private KafkaAdmin admin() {
        return KafkaAdmin.connect(stack.layout().kafka().resolve(BrokerSettings.ADMIN), bootstrapServers);
    }

    private void scramCredential(KafkaAdmin admin, String user, String password) {
        try {
            admin.scramCredential(user, password);
        } catch (KafkaAdminException e) {
            throw failure("adding the SCRAM credential of " + user + " failed", e);
        }
    }

    private void addAcls(KafkaAdmin admin, List<String> lines) {
        for (String line : lines) {
            try {
                admin.addAcls(AclLine.parse(line));
            } catch (KafkaAdminException | IllegalArgumentException e) {
                throw failure("adding the ACL failed: " + line, e);
            }
        }
    }

    private Path teamMarker(String team) {
        return stack.layout().kafka().resolve("downstream-team-" + team + ".added");
    }

    private StackFailure failure(String message, Exception cause) {
        appendToLog(stack, "ERROR " + message + ": " + cause.getMessage());
        return stack.processes().failWithLog("kafka", message);
    }

    /** Adds a line of the launcher's own to {@code .dev/logs/kafka.log}, beside the broker's. */
    static void appendToLog(LocalStack stack, String line) {
        try {
            Files.writeString(
                    stack.layout().log("kafka"),
                    line + System.lineSeparator(),
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void touch(Path marker) {
        try {
            Files.writeString(marker, "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
