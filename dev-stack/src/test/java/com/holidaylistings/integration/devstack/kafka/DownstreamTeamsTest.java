package com.holidaylistings.integration.devstack.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.StackFailure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The downstream teams: names checked by the checkout's dev/lib/kafka-acls.sh, teams kept in
 * downstream-teams.env once added, each password made once.
 */
class DownstreamTeamsTest {

    private static final AclScript SCRIPT =
            new AclScript(Path.of("..").toAbsolutePath().normalize());

    @TempDir
    Path kafka;

    @Test
    void onlyNamesThatCannotOverlapAnotherTeamsGroupPrefixAreTeams() {
        assertThat(SCRIPT.validTeam("crm")).isTrue();
        assertThat(SCRIPT.validTeam("crmeu")).isTrue();
        assertThat(SCRIPT.validTeam("a1")).isTrue();
        assertThat(SCRIPT.validTeam("a".repeat(30))).isTrue();
        for (String name : new String[] {"crm-eu", "Crm", "c", "", "downstream-crm", "crm x", "1crm", "a".repeat(31)}) {
            assertThat(SCRIPT.validTeam(name)).as(name).isFalse();
        }
    }

    @Test
    void theTeamsAreThoseOfTheFileAndOfTheEnvironmentSortedOnce() throws Exception {
        Files.writeString(kafka.resolve(DownstreamTeams.FILE), "crm=secret\n");
        DownstreamTeams teams = new DownstreamTeams(kafka, SCRIPT);

        assertThat(teams.list(environment(" analytics , crm,,billing ")))
                .containsExactly("analytics", "billing", "crm");
        assertThat(teams.list(environment(""))).containsExactly("crm");
        assertThat(teams.password("crm")).contains("secret");
        assertThat(teams.password("analytics")).isEmpty();
    }

    @Test
    void aWrongNameStopsTheStack() {
        DownstreamTeams teams = new DownstreamTeams(kafka, SCRIPT);

        assertThatThrownBy(() -> teams.list(environment("crm,Sales")))
                .isInstanceOf(StackFailure.class)
                .hasMessage("DEV_DOWNSTREAM_TEAMS: \"Sales\" is not a team name (lower-case letters and digits,"
                        + " 2 to 30, starting with a letter)");
    }

    @Test
    void aPasswordIsMadeOnceAndKeptForTheOwnerOnly() throws Exception {
        DownstreamTeams teams = new DownstreamTeams(kafka, SCRIPT);

        String password = teams.passwordMadeIfMissing("analytics");

        assertThat(password).matches("[0-9a-f]{32}");
        assertThat(teams.passwordMadeIfMissing("analytics")).isEqualTo(password);
        assertThat(teams.list(environment(""))).containsExactly("analytics");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(kafka.resolve(DownstreamTeams.FILE))))
                .isEqualTo("rw-------");
    }

    private static DevEnvironment environment(String teams) {
        return new DevEnvironment(Map.of("DEV_DOWNSTREAM_TEAMS", teams));
    }
}
