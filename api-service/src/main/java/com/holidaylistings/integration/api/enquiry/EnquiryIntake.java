package com.holidaylistings.integration.api.enquiry;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.api.Timestamps;
import com.holidaylistings.integration.api.idempotency.IdempotencyKey;
import com.holidaylistings.integration.api.idempotency.IdempotencyKeys;
import com.holidaylistings.integration.api.idempotency.RememberedAnswer;
import com.holidaylistings.integration.api.idempotency.RequestFingerprint;
import com.holidaylistings.integration.api.property.ListingSiteProperties;
import com.holidaylistings.integration.api.property.PropertyRepository;
import com.holidaylistings.integration.api.tracing.CurrentTraceParent;
import com.holidaylistings.integration.api.web.error.InvalidRequest;
import com.holidaylistings.integration.api.web.filter.RequestIdFilter;
import com.holidaylistings.integration.events.EnquiryCreated;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/**
 * A guest's enquiry: the enquiry row and its {@code enquiry.created} outbox row commit together,
 * so there is never an event without its enquiry nor an enquiry without its event. With an
 * idempotency key, the key's row commits with them: a retry is answered what the first request
 * was, and never creates a second enquiry.
 */
@Service
class EnquiryIntake {

    static final String OPERATION = "POST /internal/v1/enquiries";

    private final PropertyRepository properties;
    private final Enquiries enquiries;
    private final ListingSiteProperties listingSite;
    private final IdempotencyKeys idempotencyKeys;
    private final JsonMapper json;
    private final CurrentTraceParent traceParent;

    EnquiryIntake(
            PropertyRepository properties,
            Enquiries enquiries,
            ListingSiteProperties listingSite,
            IdempotencyKeys idempotencyKeys,
            JsonMapper json,
            CurrentTraceParent traceParent) {
        this.traceParent = traceParent;
        this.properties = properties;
        this.enquiries = enquiries;
        this.listingSite = listingSite;
        this.idempotencyKeys = idempotencyKeys;
        this.json = json;
    }

    /** The answer to a submission: the JSON body, and whether it is the first answer given again. */
    record Answer(int status, String body, boolean replayed) {}

    /**
     * Creates the enquiry, or answers what the first request with the same key was answered. Four
     * round trips with a key (the property, the key claimed with its answer, the enquiry with its
     * outbox row, the commit), three without: the answer is known before anything is written.
     */
    @Transactional
    Answer submit(NewEnquiry submission, Optional<IdempotencyKey> key) {
        Optional<RequestFingerprint> fingerprint = key.map(k -> RequestFingerprint.of(OPERATION, submission));
        NewEvent enquiry;
        try {
            enquiry = prepare(submission);
        } catch (InvalidRequest refused) {
            // A retry of a request accepted earlier is answered as it was then, whatever changed since.
            Optional<RememberedAnswer> first = key.flatMap(k -> idempotencyKeys.remembered(k, fingerprint.get()));
            return first.map(answer -> new Answer(answer.status(), answer.body(), true))
                    .orElseThrow(() -> refused);
        }
        String body = json.writeValueAsString(Map.of("enquiry", Enquiry.of(enquiry.event())));
        if (key.isPresent()) {
            Optional<RememberedAnswer> first = idempotencyKeys.claim(
                    key.get(), fingerprint.get(), new RememberedAnswer(HttpStatus.CREATED.value(), body));
            if (first.isPresent()) {
                return new Answer(first.get().status(), first.get().body(), true);
            }
        }
        enquiries.insert(enquiry.ownerId(), enquiry.event(), RequestIdFilter.current(), traceParent.value());
        return new Answer(HttpStatus.CREATED.value(), body, false);
    }

    /** The event of a valid submission about an enquirable property, and the property's owner. */
    private record NewEvent(UUID ownerId, EnquiryCreated event) {}

    private NewEvent prepare(NewEnquiry submission) {
        submission.validate();
        PropertyRepository.EnquirableProperty property = properties
                .enquirable(submission.propertyId())
                .orElseThrow(() -> InvalidRequest.of("property_id", "must be an active property"));
        return new NewEvent(
                property.ownerId(),
                EnquiryCreated.of(
                        TimeOrderedUuid.next(),
                        property.id(),
                        property.title(),
                        listingSite.propertyUrl(property.urlSlug()),
                        property.ownerEmail(),
                        submission.subject(),
                        submission.message(),
                        Timestamps.now(),
                        submission.userName(),
                        submission.userEmail(),
                        submission.party()));
    }
}
