package com.holidaylistings.integration.api.enquiry;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.idempotency.IdempotencyKey;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.interceptor.TransactionAspectSupport;

/**
 * The intake run in full and then undone, for the warm-up before readiness: in one transaction, an
 * owner and a property of its own (random, so that no two rehearsals meet on a unique index), then
 * {@link EnquiryIntake#submit} exactly as a guest's enquiry runs it (the property's query, the
 * idempotency key's claim, the enquiry with its outbox row, the answer's JSON) about that property,
 * and a rollback in place of the commit. Nothing is committed, so nothing reaches the outbox's relay
 * (logical decoding passes on committed transactions only), and a crash in the middle leaves nothing
 * either. The answer is the one a guest would get (201), so that the warm-up's connections stay open
 * as a listing site's do: a refusal (400) makes the server close them.
 */
@Service
class IntakeRehearsal {

    private final EnquiryIntake intake;
    private final JdbcClient jdbc;

    IntakeRehearsal(EnquiryIntake intake, JdbcClient jdbc) {
        this.intake = intake;
        this.jdbc = jdbc;
    }

    @Transactional
    EnquiryIntake.Answer rehearse(NewEnquiry submission, Optional<IdempotencyKey> key) {
        TransactionAspectSupport.currentTransactionStatus().setRollbackOnly();
        UUID owner = TimeOrderedUuid.next();
        UUID property = TimeOrderedUuid.next();
        jdbc.sql("insert into owners (id, email) values (:id, :email)")
                .param("id", owner)
                .param("email", "rehearsal-" + owner + "@example.invalid")
                .update();
        jdbc.sql("""
                        insert into properties (id, owner_id, title, location, url_slug, unique_code)
                        values (:id, :owner, 'Rehearsal', 'Nowhere', :code, :code)
                        """)
                .param("id", property)
                .param("owner", owner)
                .param("code", "rehearsal-" + property)
                .update();
        return intake.submit(submission.about(property), key);
    }
}
