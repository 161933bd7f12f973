package com.holidaylistings.integration.api.web.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

class OutageTest {

    @Test
    void aConnectionThePoolCannotGetIsAnOutage() {
        SQLTransientConnectionException timeout = new SQLTransientConnectionException(
                "HikariPool-1 - Connection is not available, request timed out after 2000ms");

        assertThat(Outage.explains(timeout)).isTrue();
        assertThat(Outage.explains(new CannotGetJdbcConnectionException("Failed to obtain JDBC Connection", timeout)))
                .isTrue();
        assertThat(Outage.explains(new CannotCreateTransactionException("Could not open JDBC Connection", timeout)))
                .isTrue();
    }

    @Test
    void aLostOrRefusedConnectionIsAnOutage() {
        assertThat(Outage.explains(new SQLException("An I/O error occurred while sending to the backend.", "08006")))
                .isTrue();
        assertThat(Outage.explains(new SQLException("terminating connection due to administrator command", "57P01")))
                .isTrue();
        assertThat(Outage.explains(new SQLException("the database system is starting up", "57P03")))
                .isTrue();
        assertThat(Outage.explains(new SQLException("sorry, too many clients already", "53300")))
                .isTrue();
        assertThat(Outage.explains(new IllegalStateException(new ConnectException("Connection refused"))))
                .isTrue();
    }

    @Test
    void aFailedCommitIsAnOutageWhenItsConnectionWasLost() {
        TransactionSystemException commit = new TransactionSystemException(
                "JDBC commit failed", new SQLException("An I/O error occurred while sending to the backend.", "08006"));

        assertThat(Outage.explains(commit)).isTrue();
    }

    @Test
    void aFailedRollbackIsAnOutageWhenTheFailureItHidesIsOne() {
        // What Spring throws when the server dies mid-transaction: the rollback fails on the
        // connection Hikari has just closed, and the original failure is only attached.
        TransactionSystemException rollback =
                new TransactionSystemException("JDBC rollback failed", new SQLException("Connection is closed"));
        rollback.initApplicationException(new DataAccessResourceFailureException(
                "insert failed",
                new SQLException("terminating connection due to unexpected postmaster exit", "57P01")));

        assertThat(Outage.explains(rollback)).isTrue();
    }

    @Test
    void aRollbackOnAConnectionThePoolClosedAsBrokenIsAnOutage() {
        // A commit failed on a cut connection; Spring rolls back, which fails on the connection
        // Hikari has just closed, and throws that failure instead of the commit's.
        TransactionSystemException rollback =
                new TransactionSystemException("JDBC rollback failed", new SQLException("Connection is closed"));

        assertThat(Outage.explains(rollback)).isTrue();
    }

    @Test
    void aFailedRollbackForAnotherReasonIsADefect() {
        assertThat(Outage.explains(new TransactionSystemException("JDBC rollback failed", new SQLException("oops"))))
                .isFalse();
    }

    @Test
    void aTimeoutIsTransientAndAnOutage() {
        assertThat(Outage.explains(new QueryTimeoutException("canceling statement due to statement timeout")))
                .isTrue();
    }

    @Test
    void theDispatchersReadContractNotMadeYetIsAnOutageAndAnyOtherMissingTableADefect() {
        assertThat(Outage.explains(new BadSqlGrammarException(
                        "hooks",
                        "select",
                        new SQLException("ERROR: relation \"subscription_health\" does not exist", "42P01"))))
                .isTrue();
        assertThat(Outage.explains(new SQLException("ERROR: relation \"deliveries\" does not exist", "42P01")))
                .isTrue();
        assertThat(Outage.explains(new SQLException("ERROR: relation \"owners\" does not exist", "42P01")))
                .isFalse();
        assertThat(Outage.explains(new SQLException("ERROR: relation \"deliverie\" does not exist", "42P01")))
                .isFalse();
    }

    @Test
    void defectsAreNotOutages() {
        assertThat(Outage.explains(new IllegalStateException("a bug"))).isFalse();
        assertThat(Outage.explains(new NullPointerException())).isFalse();
        assertThat(Outage.explains(new DataIntegrityViolationException("duplicate key")))
                .isFalse();
        assertThat(Outage.explains(
                        new BadSqlGrammarException("select", "selec 1", new SQLException("syntax", "42601"))))
                .isFalse();
        assertThat(Outage.explains(new SQLException("division by zero", "22012")))
                .isFalse();
        assertThat(Outage.explains(new SQLException("no state"))).isFalse();
    }
}
