package com.holidaylistings.integration.devstack.kafka;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The ACLs of dev/lib/kafka-acls.sh, which docker-compose's broker adds too and ops/kafka/test_acls.sh
 * checks: asked of the file each time (its functions run in bash), never copied, so that one list holds
 * for both brokers. Each ACL is one line of AclCommand's arguments ({@link AclLine}).
 */
final class AclScript {

    private final BashLibrary library;

    AclScript(Path checkout) {
        this.library = BashLibrary.kafkaAcls(checkout);
    }

    /** The services' ACLs and the shared {@code downstream} principal's ({@code kafka_stack_acls}). */
    List<String> stackAcls() {
        return lines(library.output("kafka_stack_acls", List.of(), Map.of()));
    }

    /** The ACLs of the principal {@code downstream-<team>} ({@code kafka_downstream_team_acls}). */
    List<String> teamAcls(String team) {
        return lines(library.output("kafka_downstream_team_acls", List.of(team), Map.of()));
    }

    /**
     * True when {@code team} may name a team ({@code kafka_downstream_team_valid}): lower-case letters and
     * digits, 2 to 30, starting with a letter, so that no team's group prefix starts another's.
     */
    boolean validTeam(String team) {
        return library.call("kafka_downstream_team_valid", List.of(team), Map.of())
                .ok();
    }

    private static List<String> lines(String output) {
        return output.lines().filter(line -> !line.isBlank()).toList();
    }
}
