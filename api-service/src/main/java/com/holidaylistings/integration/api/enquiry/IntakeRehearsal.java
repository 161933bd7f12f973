package com.holidaylistings.integration.api.enquiry;

import com.holidaylistings.integration.api.idempotency.IdempotencyKey;
import com.holidaylistings.integration.api.owner.Owners;
import com.holidaylistings.integration.api.property.NewProperty;
import com.holidaylistings.integration.api.property.Property;
import com.holidaylistings.integration.api.property.PropertyRepository;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.interceptor.TransactionAspectSupport;

/**
 * The intake run in full and then undone, for the warm-up before readiness: in one transaction, an
 * owner and a property of its own, made as the internal API makes them (random names, so that no
 * two rehearsals meet on a unique index), then {@link EnquiryIntake#submit} exactly as a guest's
 * enquiry runs it (the property's query, the idempotency key's claim, the enquiry with its outbox
 * row, the answer's JSON) about that property, and a rollback in place of the commit. Nothing is
 * committed, so nothing reaches the outbox's relay (logical decoding passes on committed
 * transactions only), and a crash in the middle leaves nothing either. The answer is the one a
 * guest would get (201), so that the warm-up's connections stay open as a listing site's do: a
 * refusal (400) makes the server close them.
 */
@Service
class IntakeRehearsal {

    private final EnquiryIntake intake;
    private final Owners owners;
    private final PropertyRepository properties;

    IntakeRehearsal(EnquiryIntake intake, Owners owners, PropertyRepository properties) {
        this.intake = intake;
        this.owners = owners;
        this.properties = properties;
    }

    @Transactional
    EnquiryIntake.Answer rehearse(NewEnquiry submission, Optional<IdempotencyKey> key) {
        TransactionAspectSupport.currentTransactionStatus().setRollbackOnly();
        String name = "rehearsal-" + UUID.randomUUID();
        Owners.Owner owner = owners.create(name + "@example.invalid");
        Property property = properties.create(owner.id(), new NewProperty("Rehearsal", "Nowhere", name, name, null));
        return intake.submit(submission.about(property.id()), key);
    }
}
