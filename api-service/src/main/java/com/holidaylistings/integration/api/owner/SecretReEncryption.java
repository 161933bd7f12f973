package com.holidaylistings.integration.api.owner;

import com.holidaylistings.integration.secrets.SecretCipher;
import com.holidaylistings.integration.secrets.SecretNotDecryptable;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Brings every stored webhook secret, owners' and hooks' own, and hooks' custom headers to the first key of
 * {@code SECRETS_ENCRYPTION_KEYS} at each start (a Flyway migration cannot: it has no key). Plain values from before encryption and values
 * of another listed key are re-encrypted, a batch of rows per transaction, the rows locked meanwhile
 * and skipped by a replica starting at the same time. Idempotent: once all are current it only
 * says so. Logs counts and owner ids, never a value.
 */
@Component
class SecretReEncryption implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(SecretReEncryption.class);
    private static final int OWNERS_NAMED = 20;

    private final JdbcClient jdbc;
    private final TransactionTemplate transactions;
    private final SecretCipher cipher;
    private final int batchSize;

    SecretReEncryption(
            JdbcClient jdbc, TransactionTemplate transactions, SecretCipher cipher, SecretsProperties properties) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.cipher = cipher;
        this.batchSize = properties.reEncryptBatchSize();
    }

    /** What a run re-encrypted, whose values no listed key opens, and how many rows are still not current. */
    record Outcome(int reEncrypted, List<UUID> undecryptable, long remaining) {}

    /**
     * A table of secrets: its rows are keyed by {@code key} and bound to the owner that {@code owner}
     * names (an expression over the table, aliased {@code t}); {@code columns} hold the encrypted values
     * (null where a row has none).
     */
    private record SecretTable(String name, String key, String owner, List<String> columns) {

        /** A row some column of which is not encrypted with the current key. */
        String notCurrent() {
            return columns.stream()
                    .map(column -> "not starts_with(t." + column + ", :current)")
                    .collect(Collectors.joining(" or ", "(", ")"));
        }
    }

    private static final String HOOKS_OWNER =
            "(select s.owner_id from webhook_subscriptions s where s.id = t.subscription_id)";
    private static final List<SecretTable> TABLES = List.of(
            new SecretTable("webhook_secrets", "owner_id", "t.owner_id", List.of("secret", "previous_secret")),
            new SecretTable("hook_secrets", "subscription_id", HOOKS_OWNER, List.of("secret", "previous_secret")),
            new SecretTable("hook_headers", "subscription_id", HOOKS_OWNER, List.of("headers")));

    private record Row(UUID key, UUID owner, List<String> values) {}

    private record Batch(int rows, UUID last, int reEncrypted, List<UUID> undecryptable) {}

    @Override
    public void run(ApplicationArguments arguments) {
        try {
            report(reEncryptAll());
        } catch (DataAccessException | TransactionException e) {
            // A replica restarted into a stream of requests may find every connection taken (no
            // transaction can start): the service starts all the same, and the next start goes on.
            log.warn("Re-encrypting the webhook secrets stopped; it goes on at the next start: {}", e.getMessage());
        }
    }

    /** Every owner's secrets, then every hook's own. */
    Outcome reEncryptAll() {
        int reEncrypted = 0;
        List<UUID> undecryptable = new ArrayList<>();
        long remaining = 0;
        for (SecretTable table : TABLES) {
            UUID after = new UUID(0, 0); // below every owner and hook id (time-ordered, never nil)
            Batch batch;
            do {
                UUID from = after;
                batch = transactions.execute(status -> reEncryptBatch(table, from));
                reEncrypted += batch.reEncrypted();
                undecryptable.addAll(batch.undecryptable());
                after = batch.last();
            } while (batch.rows() == batchSize);
            remaining += jdbc.sql("select count(*) from " + table.name() + " t where " + table.notCurrent())
                    .param("current", cipher.currentPrefix())
                    .query(Long.class)
                    .single();
        }
        return new Outcome(reEncrypted, undecryptable, remaining);
    }

    private Batch reEncryptBatch(SecretTable table, UUID after) {
        List<Row> rows = jdbc.sql("""
                        select t.%2$s as key, %3$s as owner_id, %5$s from %1$s t
                         where t.%2$s > :after and %4$s
                         order by t.%2$s
                         limit :batch
                           for update skip locked
                        """.formatted(
                                table.name(),
                                table.key(),
                                table.owner(),
                                table.notCurrent(),
                                String.join(
                                        ", ",
                                        table.columns().stream()
                                                .map(column -> "t." + column)
                                                .toList())))
                .param("after", after)
                .param("current", cipher.currentPrefix())
                .param("batch", batchSize)
                .query((rs, n) -> {
                    List<String> values = new ArrayList<>();
                    for (String column : table.columns()) {
                        values.add(rs.getString(column));
                    }
                    return new Row(rs.getObject("key", UUID.class), rs.getObject("owner_id", UUID.class), values);
                })
                .list();
        int reEncrypted = 0;
        List<UUID> undecryptable = new ArrayList<>();
        String assignments = String.join(
                ", ",
                table.columns().stream().map(column -> column + " = :" + column).toList());
        for (Row row : rows) {
            try {
                JdbcClient.StatementSpec update = jdbc.sql(
                                "update %s set %s where %s = :key".formatted(table.name(), assignments, table.key()))
                        .param("key", row.key());
                for (int i = 0; i < table.columns().size(); i++) {
                    String value = row.values().get(i);
                    update = update.param(table.columns().get(i), value == null ? null : current(value, row.owner()));
                }
                update.update();
                reEncrypted++;
            } catch (SecretNotDecryptable e) {
                undecryptable.add(row.owner());
            }
        }
        return new Batch(rows.size(), rows.isEmpty() ? after : rows.getLast().key(), reEncrypted, undecryptable);
    }

    private String current(String stored, UUID owner) {
        return cipher.isCurrent(stored) ? stored : cipher.encrypt(cipher.decrypt(stored, owner), owner);
    }

    private void report(Outcome outcome) {
        String key = cipher.currentKeyId();
        if (outcome.remaining() == 0) {
            log.info(
                    "Webhook secrets: re-encrypted {}; all webhook secrets are encrypted with key '{}'",
                    outcome.reEncrypted(),
                    key);
            return;
        }
        log.warn(
                "Webhook secrets: re-encrypted {}; {} rows are not yet encrypted with key '{}' (rows another replica"
                        + " was re-encrypting, and {} that no key of SECRETS_ENCRYPTION_KEYS decrypts, of owners {}):"
                        + " keep the old keys listed and restart",
                outcome.reEncrypted(),
                outcome.remaining(),
                key,
                outcome.undecryptable().size(),
                outcome.undecryptable().stream().limit(OWNERS_NAMED).toList());
    }
}
