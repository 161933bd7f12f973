package com.holidaylistings.integration.dispatcher.command;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Repository;

/**
 * The commands applied, by command id ({@code applied_commands}): written in the transaction of the
 * change a command makes, so that a command read twice (relayed again, read again after a crash or a
 * rebalance) changes nothing the second time. Ids older than {@link CommandProperties#appliedRetention()}
 * are pruned every hour, by every replica (a delete of what another replica deleted finds nothing).
 */
@Repository
class AppliedCommands {

    private static final Logger log = LoggerFactory.getLogger(AppliedCommands.class);

    private final JdbcClient jdbc;
    private final Duration retention;

    AppliedCommands(JdbcClient jdbc, CommandProperties properties) {
        this.jdbc = jdbc;
        this.retention = properties.appliedRetention();
    }

    /** Records the command as applied, in the caller's transaction; false when it was applied before. */
    boolean firstTime(UUID commandId) {
        return jdbc.sql("insert into applied_commands (command_id) values (:id) on conflict do nothing")
                        .param("id", commandId)
                        .update()
                == 1;
    }

    @Scheduled(fixedDelay = 1, initialDelay = 1, timeUnit = TimeUnit.HOURS)
    void prune() {
        int pruned = jdbc.sql(
                        "delete from applied_commands where applied_at < now() - make_interval(secs => :retention)")
                .param("retention", retention.toSeconds())
                .update();
        if (pruned > 0) {
            log.info("Forgot {} commands applied more than {} ago", pruned, retention);
        }
    }
}
