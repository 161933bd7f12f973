package com.holidaylistings.integration.devstack.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.Test;

/** The lines of the checkout's dev/lib/kafka-acls.sh, read into the bindings AclCommand would add. */
class AclLineTest {

    private static final AclScript SCRIPT =
            new AclScript(Path.of("..").toAbsolutePath().normalize());

    @Test
    void theStackAclsAreEveryPrincipalTimesOperationTimesResource() {
        List<AclBinding> bindings = bindings(SCRIPT.stackAcls());

        // enquiry-ingest: 7 operations on 4 topics; webhook-dispatcher: 7 on webhook.*, 2 on 3 topics, 2 on
        // its groups; api-service 2 + 2; downstream: 2 on 3 topics, 2 on its groups
        assertThat(bindings).hasSize(28 + 7 + 6 + 2 + 2 + 2 + 6 + 2).doesNotHaveDuplicates();
        assertThat(bindings)
                .contains(
                        allow("enquiry-ingest", AclOperation.WRITE, topic("enquiry.created")),
                        allow("enquiry-ingest", AclOperation.DESCRIBE_CONFIGS, topic("enquiry-ingest.offsets")),
                        allow("webhook-dispatcher", AclOperation.WRITE, prefixed(ResourceType.TOPIC, "webhook.")),
                        allow(
                                "webhook-dispatcher",
                                AclOperation.READ,
                                prefixed(ResourceType.GROUP, "webhook-dispatcher")),
                        allow("api-service", AclOperation.READ, topic("webhook.operational")),
                        allow("downstream", AclOperation.READ, topic("enquiry.erased")),
                        allow("downstream", AclOperation.DESCRIBE, prefixed(ResourceType.GROUP, "downstream-")));
        assertThat(bindings)
                .noneMatch(binding -> binding.entry().principal().equals("User:downstream")
                        && binding.pattern().name().equals("delivery.commands"));
        assertThat(bindings).allMatch(binding -> binding.entry().host().equals("*"));
    }

    @Test
    void aTeamReadsItsOwnGroupsWhichTheSharedPrincipalMayNotUse() {
        List<AclBinding> bindings = bindings(SCRIPT.teamAcls("crm"));

        assertThat(bindings)
                .hasSize(6 + 2 + 1)
                .contains(
                        allow("downstream-crm", AclOperation.READ, topic("enquiry.created")),
                        allow("downstream-crm", AclOperation.READ, prefixed(ResourceType.GROUP, "downstream-crm-")),
                        new AclBinding(
                                prefixed(ResourceType.GROUP, "downstream-crm-"),
                                new AccessControlEntry(
                                        "User:downstream", "*", AclOperation.ALL, AclPermissionType.DENY)));
    }

    @Test
    void whatAclCommandWouldRefuseIsRefused() {
        assertThatThrownBy(() -> AclLine.parse("--allow-principal User:a --operation Read --topic t --host x"))
                .hasMessageContaining("--host");
        assertThatThrownBy(() -> AclLine.parse("--allow-principal User:a --operation Write --group g"))
                .hasMessageContaining("GROUP has no operation WRITE");
        assertThatThrownBy(() -> AclLine.parse("--allow-principal a --operation Read --topic t"))
                .hasMessageContaining("not a principal");
        assertThatThrownBy(() -> AclLine.parse("--allow-principal User:a --operation Fly --topic t"))
                .hasMessageContaining("not an ACL operation");
        assertThatThrownBy(() -> AclLine.parse("--allow-principal User:a --operation Read"))
                .hasMessageContaining("no --topic or --group");
        assertThatThrownBy(() -> AclLine.parse("--allow-principal User:a --topic t"))
                .hasMessageContaining("no --operation");
        assertThatThrownBy(() -> AclLine.parse("--allow-principal User:a --operation Read --topic t --topic"))
                .hasMessageContaining("needs a value");
        assertThatThrownBy(() -> AclLine.parse(
                        "--allow-principal User:a --operation Read --topic t --resource-pattern-type match"))
                .hasMessageContaining("not a pattern type");
    }

    private static List<AclBinding> bindings(List<String> lines) {
        assertThat(lines).isNotEmpty();
        return lines.stream().flatMap(line -> AclLine.parse(line).stream()).toList();
    }

    private static AclBinding allow(String user, AclOperation operation, ResourcePattern resource) {
        return new AclBinding(
                resource, new AccessControlEntry("User:" + user, "*", operation, AclPermissionType.ALLOW));
    }

    private static ResourcePattern topic(String name) {
        return new ResourcePattern(ResourceType.TOPIC, name, PatternType.LITERAL);
    }

    private static ResourcePattern prefixed(ResourceType type, String name) {
        return new ResourcePattern(type, name, PatternType.PREFIXED);
    }
}
