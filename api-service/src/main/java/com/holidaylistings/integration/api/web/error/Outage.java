package com.holidaylistings.integration.api.web.error;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

/**
 * Tells failures caused by something a request needs being unreachable (PostgreSQL stopped,
 * restarting, out of connections, a connection cut) from defects. An outage is answered
 * {@code 503 {"error":"Service unavailable"}} with {@code Retry-After}: the client should send the
 * same request again. Everything else stays a 500.
 */
public final class Outage {

    /**
     * How long clients are asked to wait before sending the request again: a restarted PostgreSQL
     * is back within seconds, and a retry costs the service little (it waits at most Hikari's
     * connection timeout, with no database work).
     */
    public static final int RETRY_AFTER_SECONDS = 2;

    private static final int MAX_CAUSES = 20;
    private static final Logger log = LoggerFactory.getLogger(Outage.class);
    private static final long REPORT_EVERY = Duration.ofSeconds(10).toNanos();
    private static final AtomicLong lastReport = new AtomicLong(System.nanoTime() - REPORT_EVERY);
    private static final AtomicLong unreported = new AtomicLong();

    /**
     * The views webhook-dispatcher publishes for api-service to read (its schema dispatcher_read:
     * the delivery log, attempts, statistics, the hooks' health), which exist once the dispatcher
     * has migrated its own schema. Until then (a new installation whose dispatcher has not started
     * yet) a read of them is the dispatcher not being there, as an outage is, not a defect.
     */
    private static final Set<String> DISPATCHER_READ_CONTRACT =
            Set.of("deliveries", "webhook_events", "delivery_attempts", "subscription_health", "attempt_counts");

    private static final Pattern UNDEFINED_RELATION =
            Pattern.compile("relation \"(?:dispatcher_read\\.)?([a-z_]+)\" does not exist");

    private Outage() {}

    /**
     * Whether {@code failure}, or anything it wraps, is an outage rather than a defect: its causes,
     * and the failure that a failed rollback hides (a rollback on a connection the server cut fails
     * too, with a bare "Connection is closed", and Spring throws that instead of the original).
     */
    public static boolean explains(Throwable failure) {
        Deque<Throwable> pending = new ArrayDeque<>();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        pending.add(failure);
        while (!pending.isEmpty() && seen.size() < MAX_CAUSES) {
            Throwable next = pending.poll();
            if (!seen.add(next)) {
                continue;
            }
            if (isOutage(next)) {
                return true;
            }
            if (next.getCause() != null) {
                pending.add(next.getCause());
            }
            if (next instanceof TransactionSystemException transaction
                    && transaction.getApplicationException() != null) {
                pending.add(transaction.getApplicationException());
            }
        }
        return false;
    }

    /** Writes the 503 from a servlet filter, where the controller advice does not reach. */
    public static void answer(HttpServletResponse response, JsonErrorWriter errors) throws IOException {
        response.resetBuffer();
        response.setHeader(HttpHeaders.RETRY_AFTER, Integer.toString(RETRY_AFTER_SECONDS));
        errors.write(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, ApiError.of(ApiError.SERVICE_UNAVAILABLE));
    }

    /**
     * Logs a request answered 503: one WARN line at most every 10 seconds, saying how many more
     * there were, so that an outage does not flood the log with a line per retry.
     */
    public static void report(Throwable failure) {
        long now = System.nanoTime();
        long last = lastReport.get();
        if (now - last < REPORT_EVERY || !lastReport.compareAndSet(last, now)) {
            unreported.incrementAndGet();
            return;
        }
        long more = unreported.getAndSet(0);
        log.warn(
                "Service unavailable: {}{}",
                describe(failure),
                more == 0 ? "" : " (and " + more + " more requests answered 503 since the last report)");
    }

    /** One line for the log: what failed and its root cause, without the stack trace an outage does not need. */
    private static String describe(Throwable failure) {
        if (failure instanceof TransactionSystemException transaction
                && transaction.getApplicationException() != null) {
            return describe(transaction.getApplicationException()) + ", then the rollback failed";
        }
        Throwable root = failure;
        for (int depth = 0; root.getCause() != null && depth < MAX_CAUSES; depth++) {
            root = root.getCause();
        }
        return root == failure ? failure.toString() : failure.getClass().getSimpleName() + " caused by " + root;
    }

    private static boolean isOutage(Throwable failure) {
        return failure instanceof DataAccessResourceFailureException // includes CannotGetJdbcConnectionException
                || failure instanceof TransientDataAccessException // a timeout, a lock or serialization failure
                || failure instanceof RecoverableDataAccessException
                || failure instanceof CannotCreateTransactionException // no connection to begin with
                || failure instanceof SQLTransientException // includes Hikari's connection timeout
                || failure instanceof SQLNonTransientConnectionException
                || failure instanceof SQLRecoverableException
                || failure instanceof ConnectException
                || failure instanceof SQLException sql
                        && (isUnavailableState(sql.getSQLState()) || isClosedByPool(sql) || isReadContractMissing(sql));
    }

    private static boolean isReadContractMissing(SQLException failure) {
        if (!"42P01".equals(failure.getSQLState()) || failure.getMessage() == null) {
            return false;
        }
        Matcher relation = UNDEFINED_RELATION.matcher(failure.getMessage());
        return relation.find() && DISPATCHER_READ_CONTRACT.contains(relation.group(1));
    }

    /**
     * Hikari's answer for a connection it has already closed, which it does to a connection it
     * found broken: a commit that fails on a cut connection is followed by a rollback that fails
     * this way, and Spring throws the rollback's failure, without the commit's.
     */
    private static boolean isClosedByPool(SQLException failure) {
        return failure.getSQLState() == null && "Connection is closed".equals(failure.getMessage());
    }

    /**
     * SQLSTATE classes of an unreachable server: 08 connection exception, 53 insufficient
     * resources (too many connections, disk full), 57P operator intervention (shutting down,
     * starting up).
     */
    private static boolean isUnavailableState(String state) {
        return state != null && (state.startsWith("08") || state.startsWith("53") || state.startsWith("57P"));
    }
}
