package com.holidaylistings.integration.devstack.kafka;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

/**
 * One line of dev/lib/kafka-acls.sh, the arguments that follow {@code kafka-acls.sh --add --force}, read
 * as Kafka's AclCommand reads them: every principal given is allowed (or denied) every operation given on
 * every topic and group given, from any host, the names taken literally unless
 * {@code --resource-pattern-type prefixed} says they are prefixes. Only the options those lines use are
 * known; any other is refused rather than ignored, as is an operation that the resource's type does not
 * have (AclCommand refuses those too).
 */
final class AclLine {

    private static final Map<ResourceType, Set<AclOperation>> OPERATIONS = Map.of(
            ResourceType.TOPIC,
            EnumSet.of(
                    AclOperation.READ,
                    AclOperation.WRITE,
                    AclOperation.CREATE,
                    AclOperation.DESCRIBE,
                    AclOperation.DELETE,
                    AclOperation.ALTER,
                    AclOperation.DESCRIBE_CONFIGS,
                    AclOperation.ALTER_CONFIGS,
                    AclOperation.ALL),
            ResourceType.GROUP,
            EnumSet.of(AclOperation.READ, AclOperation.DESCRIBE, AclOperation.DELETE, AclOperation.ALL));

    private AclLine() {}

    /** The bindings that {@code line} adds; an IllegalArgumentException names what is wrong with it. */
    static List<AclBinding> parse(String line) {
        List<String> allowed = new ArrayList<>();
        List<String> denied = new ArrayList<>();
        List<AclOperation> operations = new ArrayList<>();
        List<String> topics = new ArrayList<>();
        List<String> groups = new ArrayList<>();
        PatternType patternType = PatternType.LITERAL;
        String[] words = line.strip().split("\\s+");
        for (int i = 0; i < words.length; i++) {
            String option = words[i];
            if (option.isEmpty()) {
                continue;
            }
            if (i + 1 == words.length) {
                throw new IllegalArgumentException(option + " needs a value: " + line);
            }
            String value = words[++i];
            switch (option) {
                case "--allow-principal" -> allowed.add(principal(value));
                case "--deny-principal" -> denied.add(principal(value));
                case "--operation" -> operations.add(operation(value));
                case "--topic" -> topics.add(value);
                case "--group" -> groups.add(value);
                case "--resource-pattern-type" -> patternType = patternType(value);
                default -> throw new IllegalArgumentException("not an option of an ACL line: " + option);
            }
        }
        if (allowed.isEmpty() && denied.isEmpty()) {
            throw new IllegalArgumentException("no --allow-principal or --deny-principal: " + line);
        }
        if (operations.isEmpty()) {
            throw new IllegalArgumentException("no --operation: " + line);
        }
        List<ResourcePattern> resources = new ArrayList<>();
        for (String topic : topics) {
            resources.add(new ResourcePattern(ResourceType.TOPIC, topic, patternType));
        }
        for (String group : groups) {
            resources.add(new ResourcePattern(ResourceType.GROUP, group, patternType));
        }
        if (resources.isEmpty()) {
            throw new IllegalArgumentException("no --topic or --group: " + line);
        }
        List<AclBinding> bindings = new ArrayList<>();
        for (ResourcePattern resource : resources) {
            for (AclOperation operation : operations) {
                if (!OPERATIONS.get(resource.resourceType()).contains(operation)) {
                    throw new IllegalArgumentException(
                            resource.resourceType() + " has no operation " + operation + ": " + line);
                }
                allowed.forEach(
                        principal -> bindings.add(binding(resource, principal, operation, AclPermissionType.ALLOW)));
                denied.forEach(
                        principal -> bindings.add(binding(resource, principal, operation, AclPermissionType.DENY)));
            }
        }
        return bindings;
    }

    private static AclBinding binding(
            ResourcePattern resource, String principal, AclOperation operation, AclPermissionType permission) {
        return new AclBinding(resource, new AccessControlEntry(principal, "*", operation, permission));
    }

    /** {@code User:name}: a type and a name, as Kafka writes principals. */
    private static String principal(String value) {
        int colon = value.indexOf(':');
        if (colon <= 0 || colon == value.length() - 1) {
            throw new IllegalArgumentException("not a principal (Type:name): " + value);
        }
        return value;
    }

    /** Read, Write, DescribeConfigs, All ...: AclCommand's names, without case or underscores. */
    private static AclOperation operation(String value) {
        String wanted = value.replace("_", "").toUpperCase(Locale.ROOT);
        return Arrays.stream(AclOperation.values())
                .filter(operation -> operation != AclOperation.ANY && operation != AclOperation.UNKNOWN)
                .filter(operation -> operation.name().replace("_", "").equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("not an ACL operation: " + value));
    }

    private static PatternType patternType(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "literal" -> PatternType.LITERAL;
            case "prefixed" -> PatternType.PREFIXED;
            default -> throw new IllegalArgumentException("not a pattern type to add (literal or prefixed): " + value);
        };
    }
}
