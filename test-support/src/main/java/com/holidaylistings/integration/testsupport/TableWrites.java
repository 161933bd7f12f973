package com.holidaylistings.integration.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Finds SQL that writes given tables in a service's Java sources: {@code insert into}, {@code update},
 * {@code delete from}, {@code truncate} and {@code merge into} of one of them, with or without a
 * schema, across line breaks (the SQL is in text blocks). Each service's architecture test names the
 * tables the other services own, so that a service never writes another's tables: what it needs done
 * there travels as a message. It reads the source text, comments included, so that a statement built
 * only at run time from pieces is beyond it; that is the price of a test that needs no database.
 */
public final class TableWrites {

    /** One statement that writes {@code table}, at {@code line} of {@code file}. */
    public record TableWrite(Path file, int line, String table, String statement) {

        @Override
        public String toString() {
            return file + ":" + line + ": " + statement;
        }
    }

    private TableWrites() {}

    /** Every write of one of {@code tables} in the {@code .java} files under {@code sources}. */
    public static List<TableWrite> in(Path sources, Collection<String> tables) {
        Pattern write = writeOf(tables);
        try (Stream<Path> files = Files.walk(sources)) {
            List<TableWrite> found = new ArrayList<>();
            for (Path file : files.filter(path -> path.toString().endsWith(".java"))
                    .sorted()
                    .toList()) {
                String text = Files.readString(file);
                Matcher matcher = write.matcher(text);
                while (matcher.find()) {
                    int line = (int) text.substring(0, matcher.start())
                                    .chars()
                                    .filter(c -> c == '\n')
                                    .count()
                            + 1;
                    found.add(new TableWrite(
                            sources.relativize(file),
                            line,
                            matcher.group("table").toLowerCase(),
                            matcher.group().replaceAll("\\s+", " ")));
                }
            }
            return found;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Pattern writeOf(Collection<String> tables) {
        String names = tables.stream().map(Pattern::quote).collect(Collectors.joining("|"));
        return Pattern.compile(
                "\\b(?:insert\\s+into|merge\\s+into|update|delete\\s+from|truncate(?:\\s+table)?)"
                        + "\\s+(?:only\\s+)?(?:\"?\\w+\"?\\.)?\"?(?<table>" + names + ")\"?(?![\\w.])",
                Pattern.CASE_INSENSITIVE);
    }
}
