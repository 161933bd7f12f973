package com.holidaylistings.integration.devstack.kafka;

import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.devstack.StackFailure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The downstream teams (DEV_DOWNSTREAM_TEAMS=analytics,crm; docs/operations/deploying.md 1.3), each with a
 * principal {@code downstream-<team>} of its own whose password lives in
 * {@code .dev/kafka/downstream-teams.env} ({@code team=password}, one a line). A team once added stays: the
 * teams are those of that file and those of DEV_DOWNSTREAM_TEAMS, each name checked by
 * dev/lib/kafka-acls.sh.
 */
final class DownstreamTeams {

    static final String FILE = "downstream-teams.env";

    private static final Pattern FILE_TEAM = Pattern.compile("^([a-z0-9]*)=.*");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path file;
    private final AclScript acls;

    DownstreamTeams(Path kafkaDir, AclScript acls) {
        this.file = kafkaDir.resolve(FILE);
        this.acls = acls;
    }

    /** The teams of the file and of DEV_DOWNSTREAM_TEAMS, sorted, each once; a wrong name stops the stack. */
    SortedSet<String> list(DevEnvironment environment) {
        List<String> names = new ArrayList<>();
        for (String line : lines()) {
            Matcher team = FILE_TEAM.matcher(line);
            if (team.matches()) {
                names.add(team.group(1));
            }
        }
        for (String team : environment.get("DEV_DOWNSTREAM_TEAMS", "").split(",", -1)) {
            names.add(team.replaceAll("\\s", ""));
        }
        SortedSet<String> teams = new TreeSet<>();
        for (String team : names) {
            if (team.isEmpty()) {
                continue;
            }
            if (!acls.validTeam(team)) {
                throw new StackFailure("DEV_DOWNSTREAM_TEAMS: \"" + team
                        + "\" is not a team name (lower-case letters and digits, 2 to 30, starting with a letter)");
            }
            teams.add(team);
        }
        return teams;
    }

    /** The password of {@code team} in the file, if it has one. */
    Optional<String> password(String team) {
        String prefix = team + "=";
        return lines().stream()
                .filter(line -> line.startsWith(prefix))
                .map(line -> line.substring(prefix.length()))
                .findFirst();
    }

    /** The password of {@code team}, made (32 hex digits) and added to the file when it has none. */
    String passwordMadeIfMissing(String team) {
        Optional<String> known = password(team).filter(password -> !password.isEmpty());
        if (known.isPresent()) {
            return known.get();
        }
        byte[] random = new byte[16];
        RANDOM.nextBytes(random);
        String password = HexFormat.of().formatHex(random);
        try {
            if (!Files.exists(file)) {
                Files.createFile(
                        file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            }
            Files.writeString(file, team + "=" + password + "\n", StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return password;
    }

    private List<String> lines() {
        try {
            return Files.readAllLines(file);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
